# A Rails error raised while a call's arguments are evaluated ends the statement, as in Ruby:
# one error, and `get` is not drawn with what the failed call would have given it.
Rails.application.routes.draw do
  get "old", to: redirect(nil)
  get "kept", to: "pages#kept"
end
