# ActiveSupport's class_attribute (Blacklight 5's route sets): the class's reader and writer, a
# subclass reading its parent's value until it sets its own, instances reading their class's,
# the `?` predicate and `default:`.
class RouteSets
  class_attribute :sets
  class_attribute :prefix, default: "base"
  class_attribute :hidden, instance_reader: false
  self.sets = [:bookmarks, :export]

  def names
    sets.map { |s| "#{prefix}_#{s}" }
  end
end

class SearchSets < RouteSets
  self.prefix = "search"
end

Rails.application.routes.draw do
  RouteSets.new.names.each { |n| get n, to: "sets##{n}" }
  SearchSets.new.names.each { |n| get n, to: "sets##{n}" }
  get "hidden", to: "sets#hidden" unless RouteSets.hidden?
  get "with_sets", to: "sets#with" if SearchSets.sets?
  get RouteSets.prefix, to: "sets#prefix"
end
