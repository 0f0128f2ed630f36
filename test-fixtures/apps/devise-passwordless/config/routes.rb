# devise-passwordless' module draws two route keys: its magic link's, then Devise's sessions'.
Rails.application.routes.draw do
  devise_for :users
  devise_for :admins, path: "staff", path_names: { magic_link: "link" }, controllers: { magic_links: "admins/magic_links" }
  root "home#index"
end
