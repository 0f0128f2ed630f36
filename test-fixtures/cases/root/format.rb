Rails.application.routes.draw do
  root "pages#home", format: true
end
