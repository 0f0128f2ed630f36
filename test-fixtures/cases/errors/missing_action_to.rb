Rails.application.routes.draw do
  get "y", to: "pages"
end
