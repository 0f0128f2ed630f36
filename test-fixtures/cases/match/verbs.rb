Rails.application.routes.draw do
  get "g", to: "v#g"
  post "p", to: "v#p"
  patch "pa", to: "v#pa"
  put "pu", to: "v#pu"
  delete "d", to: "v#d"
  options "o", to: "v#o"
end
