Rails.application.routes.draw do
  concern :commentable, ->(mapper, options) { mapper.resources :comments, options }
  concern :reviewable, lambda { |m, opts|
    m.resources :reviews, only: [:index, :create]
    m.member { m.post :flag }
  }
  concern :archivable, proc { |mapper| mapper.get :archive, on: :member }
  resources :posts, concerns: [:commentable, :reviewable]
  resources :articles do
    concerns :commentable, as: "notes"
    concerns :archivable
  end
end
