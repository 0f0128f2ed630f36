# Callables that are objects: an instance of a class with `call`, keeping what its
# constructor was given, and a module whose `call` is a module function.
class Commentable
  def initialize(defaults = {})
    @defaults = defaults
  end

  def call(mapper, options = {})
    options = @defaults.merge(options)
    mapper.resources :comments, options
  end
end

module Taggable
  def self.call(mapper, options)
    mapper.resources :tags, only: :index
    mapper.member { mapper.post :tag }
  end
end

Rails.application.routes.draw do
  concern :commentable, Commentable.new(only: [:index, :show])
  concern :taggable, Taggable
  resources :posts do
    concerns :commentable
  end
  resources :photos, concerns: [:commentable, :taggable]
end
