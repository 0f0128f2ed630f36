Rails.application.routes.draw do
  devise_for :editors
end
