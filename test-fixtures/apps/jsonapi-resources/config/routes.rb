Rails.application.routes.draw do
  namespace :api do
    namespace :v1 do
      jsonapi_resources :articles
      jsonapi_resources :people, only: [:index, :show]
      jsonapi_resources :comments, except: :destroy do
        jsonapi_link :article
        jsonapi_related_resource :article
        jsonapi_links :likes, only: [:show]
      end
      jsonapi_resources :tags
      jsonapi_resource :profile
      jsonapi_resources :pictures
    end
  end

  scope module: :admin, path: "backoffice", as: "backoffice" do
    jsonapi_resources :reports, except: [:index]
  end
end
