Rails.application.routes.draw do
  with_options format: false do
    collection do
      get :search
    end
  end
end
