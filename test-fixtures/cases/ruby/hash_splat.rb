Rails.application.routes.draw do
  opts = { only: [:index], path: "entries" }
  resources :posts, **opts
  resources :notes, opts.merge(as: "memos")
end
