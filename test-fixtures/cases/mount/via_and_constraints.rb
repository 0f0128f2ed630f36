Rails.application.routes.draw do
  mount Api::Base, at: "/api", via: [:get, :post]
  constraints subdomain: "admin" do
    mount Admin::App, at: "/"
  end
end
