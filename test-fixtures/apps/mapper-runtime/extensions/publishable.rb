# Changes Rails' mapper as it loads: required by config/initializers/extensions.rb.
module Publishable
  def publishable
    put "publish", to: "publications#publish"
  end

  ::ActionDispatch::Routing::Mapper.include(self)
end
