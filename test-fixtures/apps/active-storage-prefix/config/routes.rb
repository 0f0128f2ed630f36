# Routes copied under Active Storage's own prefix (houdini): `ActiveStorage.routes_prefix` is the
# app's `config.active_storage.routes_prefix`, or "/rails/active_storage" where unset.
Rails.application.routes.draw do
  scope ActiveStorage.routes_prefix do
    post "/direct_uploads" => "uploads#create", as: :app_direct_uploads
  end
end
