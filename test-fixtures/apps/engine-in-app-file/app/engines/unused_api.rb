class UnusedApi < ::Rails::Engine
end

UnusedApi.routes.draw do
  get "never", to: "never#index"
end
