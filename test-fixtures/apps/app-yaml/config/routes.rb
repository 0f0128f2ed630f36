Rails.application.routes.draw do
  get "/features(.:locale)", to: "features#show", constraints: { locale: Regexp.compile(LocaleList.codes.join("|")) }
  get "/rtl/:locale", to: "rtl#show", constraints: { locale: Regexp.union(LocaleList.rtl) }
  YAML.safe_load_file(Rails.root.join("config/sections.yml"))["sections"].each do |section|
    get section["path"], to: "#{section["controller"]}#index", as: "section_#{section["path"]}"
  end
  legacy = YAML.load_file(Rails.root.join("config/legacy_ids.yml"))
  legacy.except("big_value").each { |id, path| get "r/#{id}", to: redirect(path), as: "legacy_#{id.class.name.downcase}_#{id}" }
  get "big/#{legacy["big_value"] + 1}", to: "big#show"
  get "list", to: "list#index", defaults: { per_page: YAML.load_file(Rails.root.join("config", "sections.yml")).dig("limits", "per_page") }
end
