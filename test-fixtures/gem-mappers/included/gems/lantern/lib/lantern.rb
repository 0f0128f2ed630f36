require "lantern/routes"
require "lantern/extra"

module Lantern
  def self.configuration
    @configuration ||= Struct.new(:root_path).new("/lantern")
  end
end

ActionDispatch::Routing::Mapper.include(Lantern::Routes)
ActionDispatch::Routing::Mapper.send(:include, Lantern::Extra)
ActionDispatch::Routing::Mapper.include(Module.new {
  def lantern_health(at: "/up")
    get at, to: "lantern/health#show", as: :lantern_health
  end
})
