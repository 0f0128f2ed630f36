Rails.application.routes.draw do
  namespace :admin do
    resolve("User") { [:user] }
  end
end
