Rails.application.routes.draw do
  scope ":account_id", as: "account", constraints: { account_id: /\d+/ } do
    resources :projects
  end
end
