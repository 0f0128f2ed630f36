Loaded::Engine.routes.draw do
  get "check", to: "checks#show"
end
