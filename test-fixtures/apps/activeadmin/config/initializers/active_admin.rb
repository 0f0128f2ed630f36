ActiveAdmin.setup do |config|
  config.site_title = "Admin Shop"
  config.authentication_method = :authenticate_admin_user!
  config.current_user_method = :current_admin_user
  # The generated initializer turns batch actions on for every namespace.
  config.batch_actions = true
  config.comments_registration_name = "AdminComment"

  config.namespace :partners do |partners|
    partners.root_to = "orders#index"
    partners.route_options = { path: "/partner-area" }
    partners.batch_actions = false
  end
end
