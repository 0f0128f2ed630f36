Rails.application.routes.draw do
  namespace :admin do
    mount Flipper::UI, at: "/flipper"
  end
end
