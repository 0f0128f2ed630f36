Rails.application.routes.draw do
  defaults format: :json do
    get "a", to: "a#a"
    get "b", to: "b#b", defaults: { format: :xml }
    get "c", to: "c#c", format: "yaml"
  end
end
