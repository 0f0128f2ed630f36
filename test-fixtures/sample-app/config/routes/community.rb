# frozen_string_literal: true

# Forums, events and the support desk.
scope module: :community do
  resources :forums, only: [:index, :show] do
    resources :topics, shallow: true do
      resources :replies, except: [:index, :show]
      member do
        post :subscribe
        delete :subscribe, action: :unsubscribe
        patch :pin
        patch :lock
      end
    end
  end

  resources :events do
    resources :registrations, only: [:new, :create, :destroy]
    get :calendar, on: :collection
    get "ics", on: :member, to: "events#ics", format: false
  end

  resources :members, only: [:index, :show], param: :handle do
    resource :follow, only: [:create, :destroy]
    get :activity, on: :member
  end
end

namespace :support do
  resources :tickets do
    resources :messages, only: [:create]
    member do
      patch :close
      patch :reopen
      post :escalate
    end
  end
  resources :articles, only: [:index, :show], path: "kb"
  get "status", to: "status#show"
end

resources :notifications, only: [:index, :destroy] do
  collection do
    patch :mark_all_read
    delete :clear
  end
end

resource :newsletter_subscription, only: [:create, :destroy], path: "newsletter"
