# `draw` as apps wrote it before Rails 6.1 had one, at the top of the routes file: defined in Rails'
# Mapper itself, it comes before Rails' own `draw` (in Mapper::Resources) and reads its own files.
class ActionDispatch::Routing::Mapper
  def draw(routes_name)
    instance_eval(File.read(Rails.root.join("config/routes/routes_#{routes_name}.rb")))
  end
end

# A route macro added with `class_eval`, in the same file: a method of the Mapper itself too.
ActionDispatch::Routing::Mapper.class_eval do
  def api_version(number, &block)
    scope "v#{number}", module: "v#{number}", as: "v#{number}", &block
  end
end

Rails.application.routes.draw do
  draw :public
  draw :admin
  get "up", to: "health#show"
  api_version(2) { resources :widgets, only: :index }
end
