Rails.application.routes.draw do
  mount Sidekiq::Web => "/sidekiq"
  mount ActionCable::Server => "/cable"
end
