# frozen_string_literal: true
#
# Prints ActiveSupport's default plural and singular of each word in a list, one
# `word<TAB>plural<TAB>singular` line per word, for the inflector's test.
# Usage: ruby inflections.rb WORDS_FILE

require "active_support"
require "active_support/inflector"

File.readlines(ARGV.fetch(0), chomp: true).each do |word|
  next if word.empty? || word.start_with?("#")
  puts [word, word.pluralize, word.singularize].join("\t")
end
