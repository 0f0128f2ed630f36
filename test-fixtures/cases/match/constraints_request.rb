Rails.application.routes.draw do
  get "admin", to: "admin#index", constraints: { subdomain: "admin" }
  get "ip", to: "a#ip", constraints: { ip: /192\.168\.1\.\d+/ }
  get "host", to: "a#host", constraints: { host: "example.com", port: 8080 }
end
