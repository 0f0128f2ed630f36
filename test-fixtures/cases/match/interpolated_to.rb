Rails.application.routes.draw do
  ctrl = "pages"
  %w[faq team].each { |p| get p, to: "#{ctrl}##{p}", as: "#{p}_page" }
end
