Rails.application.routes.draw do
  scope "admin", as: :admin do
    root to: "admin#index"
  end
end
