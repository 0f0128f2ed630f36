Rails.application.routes.append do
  get "tail", to: "pages#tail"
end
