Rails.application.routes.draw do
  namespace :admin do
    get ":controller/:action"
  end
end
