module Lantern
  class Engine < ::Rails::Engine
    initializer "lantern.parent_engine" do
      Lantern.parent_engine ||= Rails.application
    end
  end
end
