# A gem of test helpers, in the shape real gems ship them (ActiveSupport::Concern modules whose
# `included do … end` adds hooks and lets to the example groups that include them).
Gem::Specification.new do |s|
  s.name = "kit"
  s.version = "0.1.0"
  s.summary = "Request spec helpers"
  s.authors = ["Routemap"]
  s.files = Dir["lib/**/*.rb"]
  s.add_dependency "activesupport"
end
