# Options whose value is a constant no file defines (a gem's) where each value Rails might find
# draws another route: skipped and said, never printed with the constant's name as the value
# (a verb `ACME::VERBS::ALL`, a path with `(.:format)` that `format: true` or `false` changes).
Rails.application.routes.draw do
  match "x", to: "a#b", via: Acme::Verbs::ALL
  get "f", to: "a#f", format: Acme::FORMAT
  scope format: Acme::FORMAT do
    resources :posts, only: :index
  end
  get "y", to: "a#y"
end
