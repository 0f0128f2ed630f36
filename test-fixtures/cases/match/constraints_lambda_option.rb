Rails.application.routes.draw do
  get "beta", to: "beta#index", constraints: ->(req) { req.params[:beta] }
  get "admin", to: "admin#index", constraints: AdminOnly.new
end
