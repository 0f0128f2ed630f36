# A folder's entries as Ruby lists them (myplaceonline's `Dir.new(Rails.root.join("app", "models").to_s).each`
# drew a route per model). Ruby lists a folder in the file system's order: each listing here is
# sorted before its routes are drawn, so that Rails' order is the same on every machine.
Rails.application.routes.draw do
  Dir.new(Rails.root.join("app", "models").to_s).sort.each do |f|
    resources f.delete_suffix(".rb").pluralize.to_sym, only: :index if f.end_with?(".rb")
  end
  Dir.children(Rails.root.join("app/models")).sort.each { |f| get "children/#{f.delete_suffix('.rb')}" => "models#show" }
  Dir.entries(Rails.root.join("app/models")).sort.each { |f| get "entries/#{f}" => "models#entry", as: nil unless f.end_with?(".rb") }
  names = []
  Dir.each_child(Rails.root.join("app/models").to_s) { |f| names << f }
  names.sort.each { |f| get "each_child/#{f.delete_suffix(".rb")}" => "models#child" }
end
