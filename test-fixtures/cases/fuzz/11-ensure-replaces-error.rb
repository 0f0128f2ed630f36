# Seed 91129, file 1009: an error raised in a `rescue` clause is held until the `ensure` runs,
# and an error the `ensure` raises replaces it (Ruby's rule): Rails reports line 10's.
Rails.application.routes.draw do
  begin
    get "first", to: "pages#first"
    raise ArgumentError
  rescue ArgumentError
    resources
  ensure
    resources :posts, concerns: :commentable
  end
end
