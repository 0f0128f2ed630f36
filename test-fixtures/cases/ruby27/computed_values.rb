# Values the files compute, which Routemap prints as Rails does (issue 27 §1).
LOCALES = [{ ident: "en" }, { ident: "fr" }].freeze
PAGES = %w[about terms privacy].freeze
Rails.application.routes.draw do
  scope "(:locale)", constraints: { locale: Regexp.new(LOCALES.map { |l| l[:ident] }.join("|")) } do
    get "home", to: "pages#home"
  end
  get "pages/:id", to: "pages#show", constraints: { id: Regexp.union(PAGES) }
  get "sitemap.xml", to: redirect(File.join("https://cdn.example.com", "sitemap.xml"))
  get "old/:x", to: redirect(Proc.new { |params, request| "/new/#{params[:x]}" })
  get "v/:version_id", to: "versions#show", constraints: { version_id: /#{"\\d+"}/ }
  get "escaped", to: "pages#escaped", constraints: { q: Regexp.escape("a.b") }
end
