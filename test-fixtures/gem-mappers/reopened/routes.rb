Rails.application.routes.draw do
  shelf_route :admin, path: "manage"
  shelf_route :public
  root to: "home#index"
end
