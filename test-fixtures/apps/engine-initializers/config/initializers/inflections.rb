# Runs after the engine's initializers: its rule for "octopus" is the one that holds.
ActiveSupport::Inflector.inflections(:en) do |inflect|
  inflect.irregular "octopus", "octopuses"
end
