Rails.application.routes.draw do
  member do
    get :preview
  end
end
