Rails.application.routes.draw do
  resources :product_drives
  resources :short_urls, only: [:index, :show]
  resources :cacti, only: [:index, :show]
  resources :feedback, only: [:index, :create]
  resource :totp, only: :show
  resources :metadata
  resources :indices, only: :show
  resources :lasagne, only: :show
  resources :fezzes, only: :show
  resources :calls_for_evidence, only: [:index, :show]
  resources :bigfoos_things, only: [:index, :show]
  resources :hooves, only: :show
  namespace :api do
    resources :oxen, only: :index
    resources :moose
  end
  get "drives/:id", to: "drives#show", as: :drive_alias
  get "cortes", to: "cortes#index"
  # String's inflections in a routes file follow the app's rules too (acronyms, irregular words).
  scope "inflected", controller: :drives, action: :index do
    get "api_key".camelize, as: :camelized
    get "api_key".camelize(:lower), as: :lower_camelized
    get "ShortURLs".underscore, as: :underscored
    get "cacti".singularize, as: :singularized
    get "api_token".titleize.parameterize, as: :titleized
    get "Api::KeyDrives".tableize, as: :tableized
    get "legacy_id".humanize.parameterize, as: :humanized
    get "jargon_cnt".humanize.parameterize, as: :humanized_by_regexp
    get "Minister".pluralize.downcase, as: :whole_match
    get "bigfoo_thing".pluralize, as: :groups
    get "call_for_evidence".pluralize, as: :named_groups
    get "ks2_report".camelize, as: :key_stage
  end
end
