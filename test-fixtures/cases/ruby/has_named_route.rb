# Mapper::Base#has_named_route? and respond_to? on the mapper, as gems' routes files ask them
# (mailkick's `unless respond_to?(:has_named_route?) && has_named_route?("mailkick")`): the names
# drawn so far, a String or a Symbol.
Rails.application.routes.draw do
  get "home", to: "home#index"
  unless respond_to?(:has_named_route?) && has_named_route?("home")
    get "again", to: "home#again"
  end
  get "late", to: "home#late" unless has_named_route?(:late)
  get "later", to: "home#later" if has_named_route?(:late) && respond_to?(:resources)
  get "never", to: "x#never" if has_named_route?(:nothing)
end
