# frozen_string_literal: true

# Routes of "Larder", a sample shop-and-blog app used by Routemap's quick start and tests.
Rails.application.routes.draw do
  devise_for :users

  root "storefront#index"

  concern :commentable do
    resources :comments, only: [:index, :create, :destroy]
  end

  concern :reviewable do |options|
    resources :reviews, options.merge(except: [:edit])
  end

  concern :paginatable do
    get "page/:page", action: :index, on: :collection, as: :page
  end

  resources :products, only: [:index, :show], concerns: [:paginatable] do
    concerns :reviewable, shallow: true
    member do
      post :wishlist
      delete :wishlist, action: :unwishlist
    end
    collection do
      get :search
      get :featured
    end
  end

  resources :categories, only: [:index, :show], param: :slug do
    resources :products, only: :index, module: :categories
  end

  resource :cart, only: [:show, :update, :destroy] do
    resources :items, controller: "cart_items", only: [:create, :update, :destroy]
    post :checkout
  end

  resources :orders, only: [:index, :show, :create] do
    member do
      get :invoice, format: true, constraints: { format: /pdf|html/ }
      patch :cancel
    end
    resource :shipment, only: :show
  end

  resource :account, controller: "accounts" do
    resources :addresses
    resource :password, only: [:edit, :update]
    get :preferences
  end

  scope "(:locale)", locale: /en|fr|de/ do
    resources :posts, path: "blog", concerns: :commentable do
      get "tag/:tag", action: :index, on: :collection, as: :tagged
    end
    get "about", to: "pages#about"
    get "contact", to: "pages#contact"
    post "contact", to: "pages#submit_contact"
    %w[terms privacy shipping returns].each do |page|
      get page, to: "pages#show", defaults: { page: page }, as: "#{page}_page"
    end
  end

  authenticate :user, ->(user) { user.admin? } do
    draw :admin
  end
  draw :api
  draw :community

  mount Journal::Engine, at: "/journal"

  get "/blog/:id", to: redirect("/en/blog/%{id}")
  get "/feed", to: redirect("/en/blog.rss", status: 302)
  direct(:help_center) { "https://help.larder.example" }

  if Rails.env.development?
    get "styleguide", to: "pages#styleguide"
  end

  match "*unmatched", to: "errors#not_found", via: :all, format: false
end
