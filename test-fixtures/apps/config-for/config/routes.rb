Rails.application.routes.draw do
  portal = Rails.application.config_for(:portal)
  scope portal.prefix do
    portal[:sections].each { |section| get section, to: "sections##{section}", as: "portal_#{section}" }
    get "list", to: "list#index", defaults: { per_page: portal.limits[:per_page], limits: portal.limits.inspect, portal: portal.inspect }
  end

  # Set in config/application.rb's class body.
  cdn = Rails.configuration.x.cdn
  get "#{cdn["paths"][:packs]}/*file", to: "packs#show", as: :packs, defaults: { host: cdn.host, kind: cdn.class.name }
  get "assets-dir", to: "assets#index", defaults: { dir: cdn.fetch(:paths).fetch(:assets), none: cdn.none.inspect }

  # No section for development and no `shared:`: nil.
  (Rails.application.config_for("regions") || ["local"]).each { |region| get "regions/#{region}", to: "regions#show", as: "region_#{region}" }

  # A Pathname, and `env:`.
  areas = Rails.application.config_for(Rails.root.join("config", "areas.yml"), env: "crew")
  get areas.admin!, to: "areas#admin", as: :admin_area
  get areas[:help], to: "areas#help", as: :help_area

  # ERB printing expressions, in config_for and in ERB.new(…).result.
  flags = Rails.application.config_for(:flags)
  get "#{flags.prefix}/beta", to: "flags#beta", as: :beta if flags.beta
  get "#{flags.prefix}/stable", to: "flags#stable", as: :stable unless flags.beta
  get "#{flags.prefix}/depth", to: "flags#depth", defaults: { depth: flags.depth }
  raw = YAML.load(ERB.new(Rails.root.join("config/flags.yml").read).result)
  get "raw", to: "flags#raw", defaults: { raw: raw.inspect }
end
