Rails.application.routes.draw do
  get Shop.admin_path, to: "admin#index", as: :admin
  get "beta", to: "beta#index" if Shop.beta
  get "legacy", to: "legacy#index" if Shop.legacy
  get Storage.fake_path, to: "fake_s3#show", as: :fake_s3 if Storage.fake_path
  root "home#index"
end
