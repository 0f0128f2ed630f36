class AdminConstraint
  def self.matches?(request)
    true
  end
end

Rails.application.routes.draw do
  constraints AdminConstraint do
    get "admin", to: "admin#index"
  end
  get "c", to: "c#c", constraints: AdminConstraint
end
