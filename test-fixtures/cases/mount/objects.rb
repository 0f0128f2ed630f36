# Objects as mounted apps: Rails prints each by `inspect`. An address (`#<Plain:0x00007f…>`)
# is the process's: the oracle masks it as «0x…», and so does Routemap; a class's own
# `inspect` Routemap does not run, and marks.
class SchemaEndpoint
  def self.instance
    @instance ||= new
  end

  def call(_env) = [200, {}, []]
end

class Named
  def initialize(name)
    @name = name
  end

  def call(_env) = [200, {}, []]

  def inspect = "#<Named #{@name}>"
end

class Plain
  def initialize
    @a = 1
  end

  def call(_env) = [200, {}, []]
end

Point = Struct.new(:x) do
  def call(_env) = [200, {}, []]
end

Rails.application.routes.draw do
  mount SchemaEndpoint.instance => "/schema"
  mount Named.new("api") => "/named"
  mount Plain.new, at: "/plain"
  mount ->(env) { [200, {}, []] } => "/lambda"
  mount proc { |env| [200, {}, []] }, at: "/proc"
  mount Point.new(1) => "/point"
end
