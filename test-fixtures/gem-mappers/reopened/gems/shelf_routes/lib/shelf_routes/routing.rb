# Reopens Rails' mapper with `def`, as comfortable_mexican_sofa's routing files do.
class ActionDispatch::Routing::Mapper
  def shelf_route(kind, options = {})
    send("shelf_route_#{kind}", options)
  end

  def shelf_route_public(options = {})
    scope module: :shelf, as: :shelf do
      namespace :books, path: options[:path] || "books" do
        get "covers/:id" => "covers#show", as: "cover"
        get "(*book_path)" => "pages#show", as: "page"
      end
    end
  end

  def shelf_route_admin(options = {})
    path = options[:path] || "admin"
    scope module: :shelf, as: :shelf do
      scope module: :admin, path: path, as: :admin do
        resources :shelves, except: :show do
          resources :books, only: %i[index new create]
        end
      end
    end
  end
end
