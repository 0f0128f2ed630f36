require "relay_routes/rails/routes"
