Rails.application.routes.draw do
  controller :pages do
    get :home
    get :about, action: :about_us
  end
  scope "s", controller: :site do
    get :terms
  end
end
