MyApp::Application.routes.draw do
  root "home#index"
end
