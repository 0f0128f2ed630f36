Rails.application.routes.draw do
  devise_for :users
  HelpController::HELP_ACTIONS.each do |action|
    get "/help/#{action}", to: "help##{action}"
  end
  namespace :admin do
    DashboardManifest::DASHBOARDS.each { |d| resources d, only: :index }
    root controller: DashboardManifest::ROOT_DASHBOARD, action: :index
  end
  PolicyRoutes::PATHS.each { |page| get page, to: "pages##{page}" }
  FeatureList::ALL.each { |feature| get "features/#{feature}", to: "features##{feature}" }
end
