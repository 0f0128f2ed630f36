Rails.application.routes.draw do
  mount Api::Root => "/api", as: :api_root
  mount Legacy::App, at: "legacy/:version", constraints: { version: /v\d/ }
  mount Engine::Thing => "/thing", via: :get
end
