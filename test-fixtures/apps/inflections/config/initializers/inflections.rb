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
  # Replacements with the whole match and groups (alphagov/whitehall's), named groups too.
  inflect.plural %r{^(Minister)}, '\0s'
  inflect.plural(/^(.*)foo(.*)$/i, '\1s\2')
  inflect.singular(/^(.*)foos(.*)$/i, '\1\2')
  inflect.plural %r{\A(?<head>call)(?<tail>.*evidence)\z}i, '\k<head>s\k<tail>'
  inflect.singular %r{\A(?<head>call)s(?<tail>.*evidence)\z}i, '\k<head>\k<tail>'
  # Rules made in a loop (teaching-vacancies' key stages), run as Ruby runs them.
  1.upto(2) { |n| inflect.acronym "KS#{n}" }
  %w[hoof].each do |word|
    inflect.irregular word, "#{word.delete_suffix("f")}ves"
  end
end

# Another locale's rules do not touch the routes (they pluralize in English).
ActiveSupport::Inflector.inflections(:es) do |inflect|
  inflect.irregular "cortes", "corte"
end
