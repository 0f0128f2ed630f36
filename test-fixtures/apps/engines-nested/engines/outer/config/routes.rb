Outer::Engine.routes.draw do
  mount Inner::Engine, at: "/inner"
  get "mid", to: "mid#show"
end
