Rails.application.routes.draw do
  get "about" => "pages"
  get "help" => :help, controller: :pages
end
