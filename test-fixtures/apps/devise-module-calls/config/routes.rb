Rails.application.routes.draw do
  devise_for :users
  devise_for :admins
  devise_for :members
  devise_for :editors
  devise_for :writers
end
