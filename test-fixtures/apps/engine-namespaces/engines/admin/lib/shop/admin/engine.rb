module Shop
  module Admin
    class Engine < ::Rails::Engine
    end
  end
end
