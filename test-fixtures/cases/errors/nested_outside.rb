Rails.application.routes.draw do
  nested do
    get :x
  end
end
