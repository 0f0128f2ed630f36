def draw_pages(router)
  router.get "home", to: "pages#home"
end

Rails.application.routes.draw do
  draw_pages(self)
  resources :posts
end
