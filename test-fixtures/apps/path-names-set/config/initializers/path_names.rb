# The route set's own path names (RouteSet#resources_path_names), changed in place: every Mapper
# starts from that very Hash.
Rails.application.routes.resources_path_names[:new] = "neu"
