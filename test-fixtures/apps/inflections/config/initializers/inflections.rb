# Inflection rules of the app's own: Rails loads them before the routes, and every name the
# routes make from a resource (drives → drive, not "drife") follows them.
ActiveSupport::Inflector.inflections(:en) do |inflect|
  inflect.irregular "drive", "drives"
  inflect.irregular "cactus", "cacti"
  inflect.uncountable %w[feedback metadata]
  inflect.uncountable "totp"
  inflect.plural(/(quiz)$/i, '\1zes')
  inflect.singular "moose", "moose"
  inflect.plural(/^(ox)$/i, '\1en')
  inflect.singular(/(vert|ind)ices$/i, '\1ex')
  inflect.plural "fez", "fezzes"
  inflect.singular(/(lasagn)e$/i, '\1a')
  inflect.acronym "API"
  inflect.acronym "URLs"
  inflect.human "legacy_id", "Legacy"
  inflect.human(/_cnt$/i, '\1_count')
end

# Another locale's rules do not touch the routes (they pluralize in English).
ActiveSupport::Inflector.inflections(:es) do |inflect|
  inflect.irregular "cortes", "corte"
end
