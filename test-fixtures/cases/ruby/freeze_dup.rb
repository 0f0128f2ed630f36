ACTIONS = %i[index show].freeze
Rails.application.routes.draw do
  resources :posts, only: ACTIONS.dup
end
