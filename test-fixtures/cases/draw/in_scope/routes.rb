Rails.application.routes.draw do
  namespace :admin do
    draw :admin
  end
end
