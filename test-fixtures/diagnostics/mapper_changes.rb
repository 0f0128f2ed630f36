# Changes to what Rails' mapper calls as it draws, besides the DSL: a method of its own defined
# in the draw block, a module prepended to one of its units, a unit reopened. Rails draws with
# them; Routemap with Rails' own, said at each.
module Hijack
  def resources(*)
    get "hijack", to: "h#x"
  end
end
ActionDispatch::Routing::Mapper::Resources.prepend(Hijack)
module ActionDispatch
  module Routing
    class Mapper
      module Base
        def add_route(*)
          super
        end
      end
    end
  end
end
Rails.application.routes.draw do
  def name_for_action(*)
    "zz"
  end
  # A DSL method defined here is followed, as before.
  def shared
    get "shared", to: "s#x"
  end
  shared
  resources :posts, only: :index
  # The mapper's own state, as instance variables: Rails draws with the new value.
  @concerns = {}
  instance_variable_set(:@scope, nil)
  @mine = "ours" # any other is the app's own
end
