# URI.escape, gone since Ruby 3.0 (eshelf's routes): NoMethodError as the routes load.
Rails.application.routes.draw do
  get "elsewhere", to: "pages#elsewhere"
  get "account", to: redirect(URI.escape("https://example.org/account?section=over view")), as: :account
end
