Rails.application.routes.draw do
  root "pages#home"
  get "ping", to: "ping#index"
end
Rails.application.routes.append do
  get "last", to: "pages#last"
end
