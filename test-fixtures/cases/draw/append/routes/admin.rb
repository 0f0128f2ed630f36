Rails.application.routes.append do
  namespace :admin do
    get "appended", to: "reports#appended"
  end
end
namespace :admin do
  resources :reports, only: :index
end
