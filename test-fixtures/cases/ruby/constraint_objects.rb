class AdminConstraint
  def initialize(role)
    @role = role
  end

  def matches?(request)
    request.session[:role] == @role
  end
end

class StaffConstraint < AdminConstraint
end

Rails.application.routes.draw do
  constraints(AdminConstraint.new(:admin)) do
    get "admin", to: "admin#index"
  end
  get "dash", to: "dash#show", constraints: AdminConstraint.new(:staff)
  scope constraints: StaffConstraint.new(:staff) do
    resources :shifts, only: :index
  end
end
