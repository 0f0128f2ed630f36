Rails.application.routes.draw do
  devise_for :authors
end
