Rails.application.routes.draw do
  controller :sessions do
    get "login", action: :new
    post "login", action: :create
    delete "logout" => :destroy
  end
end
