ActiveSupport::Inflector.inflections(:en) do |inflect|
  inflect.irregular "cactus", "cacti"
  inflect.irregular "minutes", "minutes"
  inflect.irregular "octopus", "octopi"
end
