# frozen_string_literal: true
#
# Prints ActiveSupport's default plural and singular of each word in a list, one
# `word<TAB>plural<TAB>singular` line per word, for the inflector's test. Given a rules file
# (`method argument…` per line, a regexp as /source/flags), applies those rules to English first
# and prints underscore and camelize too.
# Usage: ruby inflections.rb WORDS_FILE [RULES_FILE]

require "active_support"
require "active_support/inflector"

lines = ->(path) { File.readlines(path, chomp: true).reject { |l| l.empty? || l.start_with?("#") } }
rules = ARGV[1]
if rules
  ActiveSupport::Inflector.inflections(:en) do |inflect|
    lines.(rules).each do |line|
      method, *args = line.split(" ")
      args = args.map { |a| (m = %r{\A/(.*)/([imx]*)\z}.match(a)) ? Regexp.new(m[1], m[2].include?("i") ? Regexp::IGNORECASE : nil) : a }
      inflect.public_send(method, *args)
    end
  end
end

lines.(ARGV.fetch(0)).each do |word|
  columns = [word, word.pluralize, word.singularize]
  columns += [word.underscore, word.camelize] if rules
  puts columns.join("\t")
end
