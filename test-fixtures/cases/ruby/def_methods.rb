Rails.application.routes.draw do
  def api_resources(*names)
    names.each { |n| resources n, only: [:index, :show], format: false }
  end

  def admin(&block)
    namespace :admin, &block
  end

  api_resources :posts, :tags
  admin do
    resources :users
  end
end
