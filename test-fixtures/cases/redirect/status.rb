Rails.application.routes.draw do
  get "/temp", to: redirect("/elsewhere", status: 302)
  get "/moved" => redirect("/there", status: 308)
end
