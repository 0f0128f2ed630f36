Rails.application.routes.draw do
  mount at: "/x"
end
