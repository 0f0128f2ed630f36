Rails.application.routes.draw do
  scope "(:locale)", :locale => /#{AppClassConfig::Application.config.available_locales.keys.join('|')}/ do
    get 'home' => 'home#index'
  end
  MO.themes.each { |scheme| get "/theme/#{scheme}", to: "theme##{scheme}", as: "theme_#{scheme}" }
  get "where", to: "x#where", as: AppClassConfig::Application.root.join("config").basename.to_s
end
