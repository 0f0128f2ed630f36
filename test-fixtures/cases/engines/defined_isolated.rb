module Blorgh
  class Engine < ::Rails::Engine
    isolate_namespace Blorgh
  end
end

Blorgh::Engine.routes.draw do
  resources :articles do
    resources :comments, only: :create
  end
  root to: "articles#index"
end

Rails.application.routes.draw do
  mount Blorgh::Engine => "/blog"
  resources :users, only: :index
end
