Rails.application.routes.draw do
  new do
    get :draft
  end
end
