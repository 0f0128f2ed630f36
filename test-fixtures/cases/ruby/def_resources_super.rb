# A `def resources` (and `def resource`) of the draw block calling `super`: Rails' own
# `send(method, name, options, &block)` for each name, under `shallow` and in a resource's
# block, reaches it again, with the options as a positional Hash and the block passed on.
Rails.application.routes.draw do
  def resources(*names, **options, &block)
    super(*names, **options, &block)
  end
  def resource(*args, &block)
    super
  end

  resources :boxes, :crates, shallow: true do
    resources :items, only: [:index, :show]
    resource :lid
  end
  scope "/x" do
    resources :photos, path: "pics", only: :index
  end
  resource :profile, shallow: true
end
