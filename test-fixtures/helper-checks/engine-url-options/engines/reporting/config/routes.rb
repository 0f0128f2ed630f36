Reporting::Engine.routes.draw do
  get "overview", to: "reports#show"
  get "plain", to: "plain_reports#show"
  get ":locale/summaries/:id", to: "reports#summary", as: :summary
end
