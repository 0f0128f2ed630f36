# Devise's controllers inherit from it (Devise.parent_controller); any autoload root will do.
class ApplicationController < ActionController::Base
end
