Rails.application.routes.draw do
  get "status", to: StatusApp
  get "ping", to: Health::Ping
  match "anything", to: Catchall, via: :all
end
