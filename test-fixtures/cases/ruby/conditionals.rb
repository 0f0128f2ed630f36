Rails.application.routes.draw do
  if Rails.env.development?
    get "dev", to: "dev#index"
  end
  unless Rails.env.production?
    get "debug", to: "debug#index"
  end
  get "staging", to: "x#staging" if Rails.env.staging?
  get "t", to: Rails.env.test? ? "t#test" : "t#other"
  case Rails.env
  when "production" then get "p", to: "p#p"
  when "development", "test" then get "d", to: "d#d"
  else get "o", to: "o#o"
  end
end
