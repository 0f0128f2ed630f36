# frozen_string_literal: true
# Prints ActiveModel::Name's route keys of each class name of a file (one per line), as
# polymorphic routes use them: `Name route_key singular_route_key`. Given an initializer, its
# inflection rules are loaded first, as an app's are at boot.
# Usage: ruby model_names.rb NAMES_FILE [INFLECTIONS_FILE]
require "active_model"

load ARGV[1] if ARGV[1]
File.readlines(ARGV.fetch(0), chomp: true).reject { |l| l.empty? || l.start_with?("#") }.each do |name|
  model_name = ActiveModel::Name.new(Class.new, nil, name)
  puts "#{name} #{model_name.route_key} #{model_name.singular_route_key}"
end
