Rails.application.routes.draw do
  scope "(:locale)", locale: Regexp.union(Rails.configuration.i18n.available_locales.map(&:to_s)) do
    resources :articles, only: :index
  end
  Rails.application.config.i18n.available_locales.each do |locale|
    get locale.to_s => "locales#set", defaults: { locale: locale.to_s }, as: "set_#{locale}"
  end
  scope ":lang", lang: /#{I18n.available_locales.join("|")}/, defaults: { lang: I18n.default_locale } do
    get "search", to: "search#index"
  end
  get "home", to: "home#index", defaults: { locale: I18n.default_locale }
  root to: "home#index", protocol: (Rails.application.config.force_ssl ? "https://" : "http://")
  get "assets/*path", to: redirect("#{Rails.application.config.x.cdn_host}/%{path}")
  namespace :api, path: Rails.application.config.x.api_version do
    resources :posts, only: :index
  end
  get Rails.application.config.x.status_page, to: "status#show", as: :status
  get Rails.configuration.x.support_path, to: "support#index", as: :support
  if Rails.configuration.x.mock.enabled
    get "sign_in", to: "mock_sessions#new"
  else
    get "sign_in", to: "sessions#new"
  end
  get "beta", to: "beta#show" if Rails.configuration.x.beta.enabled
  get "extras", to: "extras#show" if Rails.configuration.x.extras
  get Rails.configuration.x.feeds.path, to: "feeds#index"
end
