def draw_page(name)
  get name, to: "static##{name}"
end

Rails.application.routes.draw do
  %i[faq terms].map(&:to_s).each { |page| get page, to: "pages##{page}" }
  names = %w[x y].map(&:upcase)
  names.each { |n| get n.downcase, to: "letters##{n.downcase}" }
  %w[c d].select(&:present?).each { |n| get n, to: "l##{n}" }
  [[:e, "e#e"]].to_h.each { |k, v| get k.to_s, to: v }
  %w[f g].each_with_index { |n, i| get "#{n}#{i}", to: "l#x" }
  %w[about help].each(&method(:draw_page))
  %w[i j].map(&:to_sym).each { |s| get s.to_s, to: "sym##{s}" }
end
