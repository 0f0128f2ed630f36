Inner::Engine.routes.draw do
  get "deep", to: "deep#show"
end
