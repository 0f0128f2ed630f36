Rails.application.routes.draw do
  root "a#a"
  get "/home", to: "b#b", as: :root_alias
  scope "v1", as: :v1 do
    root "c#c"
  end
end
