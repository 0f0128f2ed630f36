# namespace deletes :path from the Hash it is given (`options.delete(:path) { path }`): a Hash
# used again has lost it, and Ruby before 3.3 hands a lone **hash over as the caller's own.
OPTIONS = { path: "terms-area" }
SPLATTED = { path: "help-area" }

Rails.application.routes.draw do
  %w[sales support].each do |area|
    namespace area, OPTIONS do
      resources :tickets, only: :index
    end
    namespace "#{area}_help", **SPLATTED do
      get "faq", to: "pages#faq"
    end
  end
  namespace :frozen, { as: "cold" }.freeze do
    get "x", to: "x#x"
  end
  get "after", to: "pages#after"
end
