module Lantern
  module Options
    attr_accessor :content_path, :home_page, :drawer, :routes, :parent_engine

    def self.extended(mod)
      mod.reset_options
    end

    def configure
      yield self
    end

    def reset_options
      self.content_path = "docs/"
      self.home_page = nil
      self.drawer = Lantern::Drawers::Nested
      self.routes = true
    end
  end
end
