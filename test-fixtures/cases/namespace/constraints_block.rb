Rails.application.routes.draw do
  constraints(id: /\d+/) do
    get "items/:id", to: "items#show"
  end
  constraints(lambda { |req| req.subdomain == "x" }) do
    get "lambda_only", to: "x#y"
  end
end
