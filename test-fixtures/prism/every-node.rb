# frozen_string_literal: true
# shareable_constant_value: literal
# One or more of each syntax node Prism serializes (but MissingNode, which only a syntax error
# makes), for the test that reads Prism's serialized form with our reader and with Prism's.
SHARED = [1, 2]
# shareable_constant_value: none
BEGIN { $started = true }
END { $stopped = true }
alias $new_global $old_global
alias new_name old_name
alias :sym_new :sym_old
undef :gone, :also_gone
a = 1
a += 2
a ||= 3
a &&= 4
b, (c, *d), *, e = 1, [2, 3], 4, 5
f, = [1]
@ivar = 1
@ivar += 1
@ivar ||= 2
@ivar &&= 3
@@cvar = 1
@@cvar += 1
@@cvar ||= 2
@@cvar &&= 3
p @@cvar
$gvar = 1
$gvar += 1
$gvar ||= 2
$gvar &&= 3
CONST = 1
CONST ||= 2
CONST &&= 3
CONST += 4
Outer::Inner = 1
Outer::Inner ||= 2
Outer::Inner &&= 3
Outer::Inner += 4
::Top::Path = 5
@ivar, @@cvar, $gvar, CONST2, Outer::Inner2, obj.attr, obj[1] = 1, 2, 3, 4, 5, 6, 7
obj.attr += 1
obj.attr ||= 1
obj&.attr &&= 1
obj[1] += 1
obj[1] ||= 1
obj[1] &&= 1
x = [1, 2.5, 3r, 4i, 0x10, 1_000_000_000_000_000_000_000, -2**70, nil, true, false, self]
y = { a: 1, "b" => 2, **x, c: }
z = [*x, :sym, :"in#{a}terp", %i[p q], %w[r s], "str", "in#{a}terp", "#@ivar", 'single' "adjacent"]
w = `echo #{a}` + `plain`
r = /re#{a}gex/i =~ "s"
/(?<named>\w+)/ =~ "capture"
p named
s = /plain/
t = __FILE__ + __LINE__.to_s + __ENCODING__.to_s
u = $~ && $1 && $`
v = defined?(a) && !a || (a and not a) or a
range = [1..2, (1...)]
if a then 1 elsif a then 2 else 3 end
unless a then 1 else 2 end
puts(1) if a
puts(1) unless a
while a do break end
until a do next end
begin; a; end while a
begin; redo; end until a
for i, j in x do p(i, j) end
begin; a; rescue; retry; end
case a when 1, 2 then :one when *x then :two else :three end
case a
in [1, *rest] then rest
in [2] | [3] then 0
in { key: Integer => k, **nil } then k
in { key:, **others } if others then key
in [*, 3, *post] unless post then post
in ^a then 1
in ^(a + 1) then 2
in Outer::Inner(x:) then x
end
a => Integer
a in Integer
if (a == 1)..(a == 2) then 3 end
class Klass < Base
  class << self
    def singleton; end
  end
  def initialize(req, opt = 1, *rest, post, key:, okey: 2, **kwrest, &blk)
    super
    super(req, &blk)
    yield req
    return req
  end
  def forward(...) = target(...)
  def no_keywords(**nil); end
  def self.class_method(_) = 1
  def anon(*, **, &) = other(*, **, &)
  def rescued
    raise
  rescue ArgumentError, TypeError => err
    err
  rescue
    retry
  else
    1
  ensure
    cleanup
  end
end
module Mod; end
obj.call { |p1, (p2, p3); local| p1 }
obj.call { _1 + _2 }
obj.call { it }
obj.call(&:to_s)
obj.call(&blk)
lam = ->(q) { q }
lam2 = -> { 1 }
value = a rescue nil
p(**y)
p(*z)
obj&.safe
obj.()
!a
p(-a)
a ? 1 : 2
a.tap { |;blockvar| blockvar }
p(b, d, e, f, r, s, t, u, w, value, lam, lam2, range)
