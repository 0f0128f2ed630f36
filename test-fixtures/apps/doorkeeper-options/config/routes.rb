Rails.application.routes.draw do
  scope "api", as: "api" do
    use_doorkeeper scope: "v2/oauth" do
      controllers applications: "oauth/applications", tokens: "custom/tokens"
      skip_controllers :authorized_applications, :token_info
      as authorizations: :authorize
    end
  end
  namespace :admin do
    use_doorkeeper do
      skip_controllers :authorizations, :tokens
    end
  end
  # The block's parameter is Doorkeeper's mapper itself (`instance_eval` passes its receiver).
  scope "partners", as: "partners" do
    use_doorkeeper do |mapping|
      mapping.controllers authorizations: "partners/authorizations"
      mapping.skip_controllers :applications, :authorized_applications, :token_info
    end
  end
end
