# A method the draw block defines, called inside `with_options`: the OptionMerger's
# method_missing sends it the merged options as keywords (ActiveSupport 6.1), with or without
# a block parameter; the routes the method draws itself are the mapper's, without them.
Rails.application.routes.draw do
  def admin_pages(**options)
    get "dashboard", to: "admin#dashboard", **options
    get "plain", to: "admin#plain"
  end

  def report_pages(options = {})
    get "reports", to: "reports#index", **options
  end

  with_options(constraints: { subdomain: "admin" }, defaults: { format: "html" }) do
    admin_pages
    report_pages
  end

  with_options(as: "scoped") do |o|
    o.admin_pages(defaults: { x: "1" })
  end
end
