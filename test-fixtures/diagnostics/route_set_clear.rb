# What RouteSet#clear! does to the routes drawn so far, and disable_clear_and_finalize = false to
# each draw, Routemap does not follow: said where they stand (Rails 6.1 prints only /two).
Rails.application.routes.disable_clear_and_finalize = true
Rails.application.routes.draw do
  get "one" => "a#one"
  Rails.application.routes.clear!
  get "two" => "a#two"
end
Rails.application.routes.disable_clear_and_finalize = false
