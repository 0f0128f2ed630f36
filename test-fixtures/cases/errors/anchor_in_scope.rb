Rails.application.routes.draw do
  scope "x", anchor: false do
    get "y", to: "y#z"
  end
end
