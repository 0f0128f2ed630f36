# The route set's own path names (RouteSet#resources_path_names), changed in place: every Mapper
# starts from that very Hash.
Rails.application.routes.resources_path_names[:new] = "neu"
# A kept block is drawn by a new Mapper too, after the routes files: the set's Hash as they left it.
Rails.application.routes.append do
  resources :drafts, only: :new
end
