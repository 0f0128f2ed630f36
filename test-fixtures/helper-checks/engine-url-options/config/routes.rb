Rails.application.routes.draw do
  mount Reporting::Engine => "/reports", as: "reporting"
  scope ":locale" do
    resources :agencies, only: [:index, :show]
  end
end
