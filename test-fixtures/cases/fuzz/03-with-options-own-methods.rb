def api_path(name)
  "api/#{name}"
end

def api_resources(*names)
  names.each { |n| resources n }
end

Rails.application.routes.draw do
  with_options only: [:index] do
    resources :posts, path: api_path("posts")
    api_resources :tags, :users
    def local_helper(name) = "local/#{name}"
    resources :notes, path: local_helper("notes")
  end
end
