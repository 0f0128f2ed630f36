Rails.application.routes.draw do
  scope via: :post do
    match "hook", to: "hooks#receive"
  end
end
