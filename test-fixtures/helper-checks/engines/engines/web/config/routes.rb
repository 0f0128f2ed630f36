Rails.application.routes.append do
  get "/templates/:id", to: "web/templates#show", as: :web_template
end
