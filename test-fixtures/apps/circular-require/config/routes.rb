Rails.application.routes.draw do
  get "ping", to: "ping#show"
  get "loads-#{LOADS.size}", to: "ping#loads"
  (Settings::PAGES + [Settings::Var::NAME] + Pages::EXTRA).each { |page| get page, to: "pages##{page}" }
end
