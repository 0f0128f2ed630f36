# A class named by a String (cartodb's gears: `"#{module_name}::Engine".constantize`): the constant
# itself, so the mount takes the engine's name as a written `Blog::Engine` would.
Rails.application.routes.draw do
  mount "#{"blog".camelize}::Engine".constantize, at: "/blog"
end
