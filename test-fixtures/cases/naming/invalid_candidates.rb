Rails.application.routes.draw do
  get "123", to: "n#n"
  get ":id", to: "n#id"
  get "/", to: "n#root"
end
