Rails.application.routes.draw do
  # As laa-apply-for-legal-aid: a route its request specs use, drawn in the test environment only.
  if Rails.env.test?
    namespace :test do
      resource :session, only: :create
    end
  end
  get "home", to: "home#index"
end
