Rails.application.routes.draw do
  scope ["api", "v2"] do
    get "status", to: "status#show"
  end
end
