Rails.application.routes.draw do
  with_options controller: "pages" do |c|
    c.get "about", action: :about
    c.get "terms",
      action: :terms
    c.with_options as: "legal" do |s|
      s.get "privacy", action: :privacy
      s.with_options action: :cookies do |t|
        t.get "cookies", as: "cookie_policy"
      end
    end
  end
  with_options(only: [:index, :show]) { |v| v.resources :articles; v.resources :videos }
  with_options module: "admin", as: "admin" do |admin|
    admin.resources :users,
      only: :index
    admin.namespace :reports do
      get "daily", to: "daily#show"
    end
  end
end
