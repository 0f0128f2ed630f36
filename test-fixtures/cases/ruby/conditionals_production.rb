# routemap: env=production
Rails.application.routes.draw do
  if Rails.env.production?
    get "prod", to: "prod#index"
  else
    get "nonprod", to: "nonprod#index"
  end
  get "e", to: "e##{Rails.env}"
end
