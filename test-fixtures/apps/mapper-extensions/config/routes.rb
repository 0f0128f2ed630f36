Rails.application.routes.draw do
  root "home#index"
  draw_all :shop, :reports
  health_routes
  health_routes "status"
  resources :pages, only: :show
  admin_pages :notes, path: "memos"
  member_sign_in :member
end
