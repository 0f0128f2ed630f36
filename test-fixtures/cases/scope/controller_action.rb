Rails.application.routes.draw do
  scope controller: :pages, action: :show do
    get "about"
    get "help"
  end
end
