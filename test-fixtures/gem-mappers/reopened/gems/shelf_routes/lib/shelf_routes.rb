# A fixture gem: its entry file requires the file that reopens the mapper.
require_relative "shelf_routes/routing"

module ShelfRoutes
  VERSION = "0.1.0"
end
