Rails.application.routes.draw do
  resource :profile
end
