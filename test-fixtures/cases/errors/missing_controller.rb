Rails.application.routes.draw do
  get "x"
end
