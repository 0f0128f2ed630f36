Rails.application.routes.draw do
  with_options only: [:index] do
    resources :posts, path: format("p/%s", "x")
    resources :tags, path: Integer("12").to_s
    resources :users, only: Array(:show)
    resources :notes, path: catch(:found) { throw :found, "n" }
    draw_it = lambda { |name| resources name }
    draw_it.call(:photos)
    draw_too = proc { |name| resources name }
    draw_too.call(:videos)
  end
end
