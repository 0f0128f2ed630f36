Rails.application.routes.draw do
  name = "BlogPosts"
  resources name.underscore.to_sym, only: :index
  get "Mixed".downcase, to: "m#m"
  resources :"#{"person".pluralize}", only: :index
end
