module RouteExtensions
  module Exportable
    def exportable
      get :export, on: :collection
    end
  end
end

ActionDispatch::Routing::Mapper.send :include, RouteExtensions::Exportable
