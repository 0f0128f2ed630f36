# Answers each case of a test-fixtures/core/*.txt file with real Ruby (and the ActiveSupport a
# booted Rails app has) and prints the file again with the answers: `EXPRESSION #=> INSPECT`,
# or `#=> !! Class: message` where Ruby raises. scripts/oracle.mjs writes it back, or compares
# it with --check. Each expression runs in a fresh binding whose self is main, as a routes
# file's top level; `#` comments and blank lines are kept as they are.
# Usage: ruby test-fixtures/oracle/core.rb test-fixtures/core/array.txt
require "active_support"
require "active_support/all"
require "set"
require "active_model"

def fresh_binding
  binding
end

def answer(expression)
  value = eval(expression, fresh_binding, "(case)")
  "#=> #{value.inspect}"
rescue Exception => e # rubocop:disable Lint/RescueException
  raise if e.is_a?(Interrupt)
  "#=> !! #{e.class}: #{e.message.lines.first&.chomp}"
end

ARGF.each_line do |line|
  text = line.chomp
  if text.strip.empty? || text.start_with?("#")
    puts text
    next
  end
  expression = text.sub(/\s+#=>.*\z/, "")
  puts "#{expression} #{answer(expression)}"
end
