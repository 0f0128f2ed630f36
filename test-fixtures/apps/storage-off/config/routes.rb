Rails.application.routes.draw do
  resource :session
  # The app serves its own blobs, with the name Active Storage would have used.
  get "blobs/:signed_id/*filename", to: "blobs#show", as: :rails_service_blob
end
