# `Rails.routes` does not exist (`Rails.application.routes` does): NoMethodError, nothing drawn.
Rails.routes.draw do
  get "a", to: "pages#a"
end
