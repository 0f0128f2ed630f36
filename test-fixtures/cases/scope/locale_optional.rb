Rails.application.routes.draw do
  scope "(:locale)", locale: /en|nl/ do
    resources :articles
    root to: "home#index"
  end
end
