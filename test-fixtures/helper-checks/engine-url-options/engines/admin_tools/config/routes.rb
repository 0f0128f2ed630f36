Rails.application.routes.draw do
  scope ":locale" do
    get "dashboard", to: "dashboard#show"
    get "audit", to: "audit#show"
  end
end
