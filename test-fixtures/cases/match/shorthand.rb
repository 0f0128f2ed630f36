Rails.application.routes.draw do
  get "photos/search"
  get "admin/reports/daily-summary"
  post "accounts/sign-in"
  get "/photos/recent"
end
