Rails.application.routes.draw do
  root to: "pages#home", as: :homepage, via: [:get, :head]
end
