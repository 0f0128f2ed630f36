# A file that loads itself without end: Ruby's SystemStackError, said once, where the evaluator
# stops (never its own stack running out, blamed on whatever is parsed at the bottom of it).
load File.expand_path("routes/again.rb", __dir__)
Rails.application.routes.draw do
  get "after", to: "a#after"
end
