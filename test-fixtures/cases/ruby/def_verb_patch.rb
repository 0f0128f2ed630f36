# Without PATCH, the update route's name goes to its PUT row, the first route drawn with it.
Rails.application.routes.draw do
  def patch(*args)
    nil
  end
  resources :things, only: %i(update)
  resource :profile, only: %i(show update)
  resources :notes, only: :update do
    patch :archive, on: :member
  end
end
