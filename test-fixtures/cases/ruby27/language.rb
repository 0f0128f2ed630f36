# The language around the core library (issue 27 §2, §3).
Point = Struct.new(:x, :y)
Named = Struct.new(:name, :path, keyword_init: true)
class Version
  include Comparable
  attr_reader :n
  def initialize(n)
    @n = n
  end

  def <=>(other)
    n <=> other.n
  end
end
Rails.application.routes.draw do
  a, (b, c) = :accounts, [:users, :roles]
  resources a, only: :index
  resources b, only: :index
  resources c, only: :index
  first, *rest = %w[one two three]
  get first, to: "words#first"
  rest.each { |w| get w, to: "words#rest" }
  defaults = { format: "json" }
  get "merged", to: "a#merged", **{ as: :merged_route, defaults: { **defaults, page: "1" } }
  port = begin
    Integer("12x")
  rescue ArgumentError
    3000
  else
    1
  ensure
    get "ensured", to: "a#ensured"
  end
  get "port_#{port}", to: "a#port"
  found = catch(:found) do
    %w[x y z].each { |l| throw :found, l if l == "y" }
    nil
  end
  get "caught_#{found}", to: "a#caught"
  i = 0
  while i < 10
    i += 1
    next if i.even?
    break if i > 5
    get "odd_#{i}", to: "a#odd"
  end
  until i <= 0
    i -= 2
  end
  get "until_#{i}", to: "a#until"
  point = Point.new(1, 2)
  get "point_#{point.x}_#{point.y}", to: "a#point"
  named = Named.new(name: "kw", path: "kwpath")
  get named.path, to: "a#kw", as: named.name
  require "set"
  tags = Set.new(%w[a b a])
  get "set_#{tags.size}", to: "a#set"
  get "cmp_#{Version.new(2) >= Version.new(1)}", to: "a#cmp"
  s = "admin".dup
  s << "_tools"
  get s, to: "a#mutated"
  t = +"base"
  t.concat("_x")
  get t, to: "a#concat"
  get "lit_frozen_#{"lit".frozen?}", to: "a#frozen"
  config = { cdn: { paths: ["img", "css"] }, maintenance: false }
  config => { cdn: { paths: [asset, *] } }
  get "assets/#{asset}/*file", to: "assets#show"
  get "maint", to: "a#maint" if config in { maintenance: true }
  case [%w[posts], "p"]
  in [[String => plural], String => short]
    get "#{plural}/#{short}", to: "a#pattern"
  end
  [[1, 2], [3, 4]].each { get "np_#{_1}_#{_2}", to: "a#np" }
  [5, 6].each_with_index { |n, idx| get "ewi_#{n}_#{idx}", to: "a#ewi" }
  3.times { |n| get (n.even? ? "even_#{n}" : "odd_n_#{n}"), to: "a#parity" }
  get "cased", to: "a#cased", as: (case (2..7).max when 1 then "hourly" when 2..7 then "daily" end)
end
