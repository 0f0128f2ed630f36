# `draw` as apps wrote it before Rails 6.1 had one, at the top of the routes file: defined in Rails'
# Mapper itself, it comes before Rails' own `draw` (in Mapper::Resources) and reads its own files.
class ActionDispatch::Routing::Mapper
  def draw(routes_name)
    instance_eval(File.read(Rails.root.join("config/routes/routes_#{routes_name}.rb")))
  end
end

Rails.application.routes.draw do
  draw :public
  draw :admin
  get "up", to: "health#show"
end
