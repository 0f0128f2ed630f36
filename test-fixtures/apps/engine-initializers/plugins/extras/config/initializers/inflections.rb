ActiveSupport::Inflector.inflections(:en) do |inflect|
  inflect.irregular "persona", "personae"
end
