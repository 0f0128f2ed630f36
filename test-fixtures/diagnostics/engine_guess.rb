# A mounted engine whose class no file defines: its name and namespace are the generator's
# convention, said once at its first mount. An engine defined in the files read is not a guess.
module Forum
  class Engine < ::Rails::Engine
    isolate_namespace Forum
    engine_name "community"
  end
end

Rails.application.routes.draw do
  mount Blog::Engine => "/blog"
  mount Blog::Engine => "/journal", as: "journal"
  mount Forum::Engine => "/forum"
end

Blog::Engine.routes.draw do
  resources :articles, only: :index
end
