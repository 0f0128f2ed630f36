Devise.setup do |config|
  config.mailer_sender = "please-change-me@example.com"
  require "devise/orm/active_record"
end

# A module of the app's own with a route key (lib/devise.rb `add_module`): `devise_for` calls
# `devise_reauthentication(mapping, controllers)` for it, which the app defines on the mapper
# (as gems like devise_masquerade do), reading the mapping's path names and controllers.
module Devise
  module Models
    module Reauthable; end
  end
end
Devise.add_module(:reauthable, route: :reauthentication, controller: :reauthentications)

module ActionDispatch::Routing
  class Mapper
    protected

    def devise_reauthentication(mapping, controllers)
      resource :reauthentication, only: [:new, :create], path: mapping.path_names[:reauthentication], controller: controllers[:reauthentications] do
        get :status, path: mapping.path_names[:reauthentication_status] if mapping.routes.include?(:password)
      end
    end
  end
end
