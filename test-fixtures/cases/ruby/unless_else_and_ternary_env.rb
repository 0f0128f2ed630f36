# routemap: env=production
Rails.application.routes.draw do
  unless Rails.env.production?
    get "a", to: "a#a"
  else
    get "b", to: "b#b"
  end
  get "c", to: (Rails.env.development? ? "c#dev" : "c#other")
end
