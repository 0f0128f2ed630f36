Rails.application.routes.draw do
  mount Downloads.new("public") => "/downloads/"
  mount Downloads.new("exports"), at: "/exports", as: :exports
  get "home", to: "home#index"
end
