# `&&` and `||` whose left side Routemap cannot decide (a constant only a gem would define) but whose
# right side decides the whole either way: prison-visits-public's `if defined?(JasmineRails) &&
# Rails.env.test?` outside the tests draws nothing; `|| true` draws; `unless … && false` draws.
Rails.application.routes.draw do
  mount JasmineRails::Engine => "/specs" if defined?(JasmineRails) && Rails.env.test?
  get "never", to: "pages#never" if defined?(SomeGem) && false
  get "always", to: "pages#always" if defined?(SomeGem) || true
  get "fallback", to: "pages#fallback" unless defined?(SomeGem) && Rails.env.production?
  get "kept", to: "pages#kept" if (defined?(SomeGem) || :yes) && (defined?(OtherGem) || "yes")
end
