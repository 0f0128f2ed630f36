# A mounted constant no file Routemap reads defines: Rails names the mount only if it is a class.
Rails.application.routes.draw do
  mount Health => "/health"
  mount Health, at: "/status", as: :status
end
