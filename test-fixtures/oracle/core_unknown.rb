# Answers each case of test-fixtures/core-unknown/*.txt with real Ruby (and ActiveSupport), once
# for each of many values of X: where every value gives the same answer, that is the answer
# whatever X is, and Routemap must give it though X is unknown to it; where they differ, the
# answer depends on X, and Routemap must say it cannot know (`#=> (depends on X)`).
# Prints the file again with the answers. Usage: ruby test-fixtures/oracle/core_unknown.rb FILE
require "active_support"
require "active_support/all"
require "set"

SAMPLES = [nil, false, true, 0, 1, -1, 2.5, "", "a", "1", :a, [], [1], [nil, 2], {}, { a: 1 }, 1..2].freeze

def fresh_binding(x)
  binding
end

def answer(expression, x)
  value = eval(expression.gsub(/\bX\b/, "x"), fresh_binding(x.dup), "(case)")
  value.inspect
rescue Exception => e # rubocop:disable Lint/RescueException
  raise if e.is_a?(Interrupt)
  "!! #{e.class}: #{e.message.lines.first&.chomp}"
end

ARGF.each_line do |line|
  text = line.chomp
  if text.strip.empty? || text.start_with?("#")
    puts text
    next
  end
  expression = text.sub(/\s+#=>.*\z/, "")
  answers = SAMPLES.map { |x| answer(expression, x) }.uniq
  puts "#{expression} #=> #{answers.size == 1 ? answers.first : "(depends on X)"}"
end
