# frozen_string_literal: true

# All the routes.
Rails.application.routes.draw do
  # root
  root "home#index" # trailing
=begin
block comment
=end
end
