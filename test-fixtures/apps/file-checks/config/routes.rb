Rails.application.routes.draw do
  get "db_login", to: "sessions#new" if AuthSettings.provider == "db"
  get "sso", to: "sso#new" if AuthSettings.provider == "none"
  get "empty", to: "pages#empty" if File.zero?(Rails.root.join("config/empty.yml"))
  get "missing", to: "pages#missing" if File.empty?(Rails.root.join("config/missing.yml"))
  get "full", to: "pages#full" if File.zero?("config/auth.yml")
end
