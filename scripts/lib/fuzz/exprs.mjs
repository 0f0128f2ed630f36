// Ruby expressions that evaluate to a value the generator chose: a literal, or the value
// reached through locals, constants, interpolation, String/Array/Hash methods, conditions,
// lambdas and helper methods. Each derivation is exact for the values it is used on (ASCII
// words), so the routes Rails draws are the ones the generator meant; where one were not, the
// file is still valid Ruby and Rails' answer is still the reference.
import { NIL, arr, bool, dq, dqBody, equal, hash, int, isIdent, isSymbolic, literal, str, sym, toS } from "./values.mjs";
import { PLURALS } from "./words.mjs";

/** An expression: its code, and whether it can take a method call without parentheses. */
const E = (code, atom = true) => ({ code, atom });
const recv = (e) => (e.atom ? e.code : `(${e.code})`);

/**
 * The expression generator of one file. `ctx` is where the expression stands (see
 * generate.mjs: its locals, whether a local can be assigned before the statement), `depth`
 * bounds how deep derivations nest.
 */
export class Exprs {
  constructor(gen) {
    this.gen = gen;
    this.rng = gen.rng;
  }

  /** Code for `x`, in argument position. */
  code(x, ctx, depth = 2) {
    return this.expr(x, ctx, depth).code;
  }

  /** Code for `x`, as the receiver of a method call. */
  recvCode(x, ctx, depth = 2) {
    return recv(this.expr(x, ctx, depth));
  }

  expr(x, ctx, depth) {
    if (isSymbolic(x)) return this.symbolicExpr(x, ctx);
    const rng = this.rng;
    const local = ctx.localHolding(x);
    if (local && rng.chance(0.5)) return E(local);
    if (depth <= 0 || rng.chance(this.gen.plainness)) return E(literal(x, rng));
    const ways = this.ways(x, ctx, depth - 1).filter(([w]) => w > 0);
    if (ways.length === 0) return E(literal(x, rng));
    return rng.weighted(ways)();
  }

  /** The derivations that apply to `x`, weighted. */
  ways(x, ctx, d) {
    const rng = this.rng;
    const common = [
      [ctx.canHoist ? 2 : 0, () => E(ctx.hoist(this.code(x, ctx, d)))],
      [this.gen.canConstant(x) ? 1.5 : 0, () => E(this.gen.constant(x, this.code(x, ctx.top, d)))],
      [1, () => this.conditional(x, ctx, d)],
      [0.4, () => this.viaIvar(x, ctx, d)],
    ];
    switch (x.t) {
      case "str":
        return [...common, ...this.stringWays(x.v, ctx, d)];
      case "sym": {
        const cut = x.v.length >= 2 ? 1 + rng.int(x.v.length - 1) : 0;
        return [
          ...common,
          [3, () => E(`${recv(this.expr(str(x.v), ctx, d))}.to_sym`)],
          [cut ? 1 : 0, () => E(`:"${this.interp(str(x.v.slice(0, cut)), ctx, d)}${dqBody(x.v.slice(cut))}"`)],
          [isIdent(x.v) ? 1 : 0, () => E(`%i[${this.junkWord()} ${x.v}][1]`)],
        ];
      }
      case "int":
        return [...common, ...this.intWays(x.v, ctx, d)];
      case "bool":
        return [[3, () => E(ctx.truth(x.v, d), false)], ...common.slice(0, 1)];
      case "arr":
        return [...common, ...this.arrayWays(x, ctx, d)];
      case "hash":
        return [...common, ...this.hashWays(x, ctx, d)];
      case "re":
        return [
          ...common.slice(0, 2),
          [1, () => E(`Regexp.new(${this.code(str(x.v), ctx, d)}${x.flags === "i" ? ", Regexp::IGNORECASE" : ""})`)],
          [/^\w+(\|\w+)+$/.test(x.v) && !x.flags ? 1 : 0, () => E(`Regexp.union(${this.code(arr(x.v.split("|").map(str)), ctx, d)})`)],
          [!x.flags && !x.v.includes("/") ? 1 : 0, () => E(`/#{${this.code(str(x.v), ctx, d)}}/`)],
        ];
      default:
        return common;
    }
  }

  stringWays(s, ctx, d) {
    const rng = this.rng;
    // (every way below gives exactly `s`)
    const cut = s.length >= 2 ? 1 + rng.int(s.length - 1) : 0;
    const [a, b] = [s.slice(0, cut), s.slice(cut)];
    const sep = ["_", "/", "-"].find((c) => s.includes(c) && !s.startsWith(c) && !s.endsWith(c) && !s.includes(c + c));
    const parts = sep ? s.split(sep) : [];
    const lower = /[a-z]/.test(s) && s === s.toLowerCase();
    const plural = PLURALS.find(([, p]) => p === s);
    const singular = PLURALS.find(([one]) => one === s);
    const junk = this.junkWord();
    return [
      [cut ? 2 : 0, () => E(`"${this.interp(str(a), ctx, d)}${dqBody(b)}"`)],
      [cut ? 1 : 0, () => E(`"${dqBody(a)}${this.interp(str(b), ctx, d)}"`)],
      [cut ? 1 : 0, () => E(`${this.recvCode(str(a), ctx, d)} + ${this.recvCode(str(b), ctx, d)}`, false)],
      [cut ? 1 : 0, () => E(`format("%s%s", ${this.code(str(a), ctx, d)}, ${this.code(str(b), ctx, d)})`)],
      [cut ? 1 : 0, () => E(`"%s%s" % [${this.code(str(a), ctx, d)}, ${this.code(str(b), ctx, d)}]`, false)],
      [cut ? 0.5 : 0, () => E(`"%{x}%{y}" % { x: ${this.code(str(a), ctx, d)}, y: ${this.code(str(b), ctx, d)} }`, false)],
      [parts.length > 1 ? 2 : 0, () => E(`${this.arrayCode(parts.map(str), ctx, d)}.join(${JSON.stringify(sep)})`)],
      [cut ? 0.5 : 0, () => E(`[${this.code(str(a), ctx, d)}, ${this.code(str(b), ctx, d)}].join`)],
      [lower ? 2 : 0, () => E(`${recv(this.expr(str(s.toUpperCase()), ctx, d))}.downcase`)],
      [/^[a-z]+(_[a-z]+)*$/.test(s) ? 1 : 0, () => E(`${recv(this.expr(str(camelize(s)), ctx, d))}.underscore`)],
      [/^[a-z0-9_]+$/.test(s) && s.includes("_") ? 0.5 : 0, () => E(`${recv(this.expr(str(s.replace(/_/g, "-")), ctx, d))}.underscore`)],
      [plural && plural[0] !== s ? 2 : 0, () => E(`${recv(this.expr(str(plural[0]), ctx, d))}.pluralize`)],
      [singular && singular[1] !== s ? 1 : 0, () => E(`${recv(this.expr(str(singular[1]), ctx, d))}.singularize`)],
      [s.includes("_") ? 1 : 0, () => E(`${recv(this.expr(str(s.replace(/_/g, "-")), ctx, d))}.tr("-", "_")`)],
      [s.includes("-") ? 1 : 0, () => E(`${recv(this.expr(str(s.replace(/-/g, "_")), ctx, d))}.dasherize`)],
      [cut && !/[A-Z]/.test(s) ? 1 : 0, () => E(`${recv(this.expr(str(`${a}ZQ${b}`), ctx, d))}.sub("ZQ", "")`)],
      [cut && !/[A-Z]/.test(s) ? 1 : 0, () => E(`${recv(this.expr(str(`${a}QQ${b}`), ctx, d))}.gsub(/Q+/, "")`)],
      [1, () => E(`${recv(this.expr(str(`${junk}_${s}`), ctx, d))}.delete_prefix(${JSON.stringify(`${junk}_`)})`)],
      [1, () => E(`${recv(this.expr(str(`  ${s} `), ctx, d))}.strip`)],
      [0.5, () => E(`${recv(this.expr(str(s), ctx, d))}.dup`)],
      [0.5, () => E(`${recv(this.expr(str(s), ctx, d))}.freeze`)],
      [isIdent(s) ? 1 : 0, () => E(`${recv(this.expr(sym(s), ctx, d))}.to_s`)],
      [1, () => E(`${this.arrayCode([str(junk), str(s)], ctx, d)}.last`)],
      [1, () => E(`${this.arrayCode([str(junk), str(s), str(junk + "s")], ctx, d)}[1]`)],
      [1, () => E(`${this.hashCode([[sym(junk), str(s)]], ctx, d)}.fetch(:${junk})`)],
      [1, () => E(`${this.hashCode([[sym("a"), str(junk)], [sym("b"), str(s)]], ctx, d)}[:b]`)],
      [1, () => this.viaLambda(s, ctx, d)],
      [1, () => this.viaHelper(s, ctx, d)],
      [0.5, () => this.viaCase(str(s), ctx, d)],
      [/^[a-z]+(_[a-z]+)*$/.test(s) ? 0.5 : 0, () => E(`${recv(this.expr(str(`Admin::${camelize(s)}`), ctx, d))}.demodulize.underscore`)],
      [/^[a-z]+(_[a-z]+)*$/.test(s) ? 0.5 : 0, () => E(`${recv(this.expr(str(s.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ")), ctx, d))}.parameterize(separator: "_")`)],
      [!s.includes("Z") ? 0.5 : 0, () => E(`${recv(this.expr(str(s.replace(/(.)/g, (c, _x, i) => (i % 2 ? `${c}Z` : c))), ctx, d))}.delete("Z")`)],
      [cut ? 0.5 : 0, () => E(`[${this.code(str(a), ctx, d)}, ${this.code(str(b), ctx, d)}].sum("")`)],
      [cut ? 0.5 : 0, () => E(`[${this.code(str(a), ctx, d)}, ${this.code(str(b), ctx, d)}].${rng.pick(["inject", "reduce"])}(:+)`)],
      [0.5, () => E(`${recv(this.expr(str(s), ctx, d))}.${rng.pick(["chars.join", "each_char.to_a.join", "then { |v| v }", "then { _1 }"])}`)],
      [0.5, () => this.viaPattern(str(s), ctx, d)],
      [0.5, () => E(`(Integer(${JSON.stringify(junk)}) rescue ${this.code(str(s), ctx, d)})`)],
      [0.3, () => E(`(begin; [].fetch(3); rescue IndexError; ${this.code(str(s), ctx, d)}; end)`)],
      [0.3, () => E(`catch(:found) { throw :found, ${this.code(str(s), ctx, d)} }`)],
      [0.3, () => E(this.viaEnsure(str(s), ctx, d))],
      [0.3, () => E(`${recv(this.expr(str(s), ctx, d))}.then { |v| v.respond_to?(:${rng.pick(["upcase", "each_char", "to_sym"])}) ? v : ${dq(junk)} }`)],
      [cut ? 0.5 : 0, () => E(rng.pick([`(+${dq(a)} << ${this.recvCode(str(b), ctx, d)})`, `${dq(a)}.dup.concat(${this.code(str(b), ctx, d)})`, `(String.new(${dq(a)}) << ${this.recvCode(str(b), ctx, d)})`]))],
      [0.5, () => E(`${this.gen.structNew(this.code(str(junk), ctx, d), this.code(str(s), ctx, d))}.path`)],
      [0.3, () => { const rank = this.gen.comparableClass(); return E(`[${rank}.new(${this.recvCode(str(s), ctx, d)} + "~"), ${rank}.new(${this.code(str(s), ctx, d)})].min.value`); }],
      [0.5, () => E(`${this.gen.valueClass()}.new(${this.code(str(s), ctx, d)}).value`)],
      [ctx.canHoist ? 0.5 : 0, () => E(this.multipleAssignment(str(s), ctx, d))],
    ];
  }

  /** `x` bound by a pattern: `case { k: x } in { k: String => m } then m end`, `in [_, m]`. */
  viaPattern(x, ctx, d) {
    const m = `m${++this.gen.counts.local}`;
    const klass = { str: "String", sym: "Symbol", int: "Integer" }[x.t] ?? "Object";
    if (this.rng.chance(0.5)) return E(`(case { k: ${this.code(x, ctx, d)} }; in { k: ${klass} => ${m} } then ${m}; end)`);
    return E(`(case [${this.code(this.otherValue(x), ctx, d)}, ${this.code(x, ctx, d)}]; in [_, ${m}] then ${m}; end)`);
  }

  /** `x` as the value of a `begin` whose `ensure` (which never gives the value) runs after a rescue or an else. */
  viaEnsure(x, ctx, d) {
    const junk = dq(this.junkWord());
    const value = this.code(x, ctx, d);
    return this.rng.pick([
      `(begin; ${value}; ensure; ${junk}; end)`,
      `(begin; Integer(${junk}); rescue ArgumentError; ${value}; else; ${junk}; ensure; ${junk}; end)`,
      `(begin; nil; rescue StandardError; ${junk}; else; ${value}; ensure; ${junk}; end)`,
    ]);
  }

  /**
   * `x` through an instance variable, each its own object's: set before the statement (self is
   * the same there), or written at the file's top (main's) and read in the draw (the mapper's,
   * or a `with_options` block's merger), where it is nil: a file that took main's would differ.
   */
  viaIvar(x, ctx, d) {
    const rng = this.rng;
    const iv = `@fz_${++this.gen.counts.ivar}`;
    const value = this.code(x, ctx, d);
    const inDraw = ctx.kind !== "prelude";
    const forms = [
      [ctx.canHoist ? 2 : 0, () => (ctx.hoistLine(`${iv} = ${value}`, []), E(iv))],
      [ctx.canHoist ? 1 : 0, () => (ctx.hoistLine(`instance_variable_set(:${iv}, ${value})`, []), E(rng.pick([iv, `instance_variable_get(:${iv})`])))],
      [1, () => E(`(${iv} ||= ${value})`)],
      [inDraw ? 2 : 0, () => (this.gen.preludeLines.push(`${iv} = ${literal(str(this.junkWord()))}`), E(rng.pick([`(${iv} || ${value})`, `(${iv} ||= ${value})`, `(defined?(${iv}) ? ${iv} : ${value})`, `(instance_variable_get(:${iv}) || ${value})`])))],
    ];
    return rng.weighted(forms.filter(([w]) => w > 0))();
  }

  /** A local set by a multiple assignment or a rightward pattern before the statement; its name. */
  multipleAssignment(x, ctx, d) {
    const rng = this.rng;
    const c = this.gen.counts;
    const [a, b, e] = [`part_${++c.local}`, `part_${++c.local}`, `part_${++c.local}`];
    const other = this.code(this.otherValue(x), ctx, d);
    const value = this.code(x, ctx, d);
    const form = rng.int(4);
    if (form === 0) {
      ctx.hoistLine(`${a}, ${b} = ${other}, ${value}`, [{ name: b, value: x }]);
      return b;
    }
    if (form === 1) {
      ctx.hoistLine(`${a}, (${b}, ${e}) = ${other}, [${other}, ${value}]`, [{ name: e, value: x }]);
      return e;
    }
    if (form === 2) {
      ctx.hoistLine(`${a}, *${b} = [${value}, ${other}]`, [{ name: a, value: x }]);
      return a;
    }
    ctx.hoistLine(`{ key: ${value}, other: ${other} } => { key: ${a} }`, [{ name: a, value: x }]);
    return a;
  }

  intWays(n, ctx, d) {
    const k = 1 + this.rng.int(3);
    return [
      [1, () => E(`${this.recvCode(int(n - k), ctx, d)} + ${k}`, false)],
      [n > 0 ? 1 : 0, () => E(`${this.arrayCode(Array.from({ length: n }, (_, i) => str(`w${i}`)), ctx, d)}.size`)],
      [1, () => E(`${JSON.stringify(String(n))}.to_i`)],
      [1, () => E(`[${n - k}, ${n}].max`)],
      [n > 0 ? 1 : 0, () => E(`(1..${n}).count`)],
      [1, () => E(`${n - 1}.succ`)],
      [1, () => E(`[${n - k}, ${k}].sum`)],
      [n > 0 ? 1 : 0, () => E(`(1..${n}).${this.rng.pick(["max", "to_a.last", "count"])}`)],
      [1, () => E(`(${n}..${n + 2}).min`)],
      [1, () => E(`${n}.clamp(${n - 1}, ${n})`)],
      [1, () => E(`[${n}, ${n + 5}].min`)],
      [1, () => E(`${n * 2} / 2`, false)],
      [0.5, () => this.viaPattern(int(n), ctx, d)],
      [0.3, () => { const rank = this.gen.comparableClass(); return E(`[${rank}.new(${n - k}), ${rank}.new(${this.code(int(n), ctx, d)})].max.value`); }],
      [0.3, () => { const rank = this.gen.comparableClass(); return E(`${rank}.new(${n + k}).clamp(${rank}.new(${n - k}), ${rank}.new(${n})).value`); }],
    ];
  }

  arrayWays(x, ctx, d) {
    const rng = this.rng;
    const items = x.v;
    const allSym = items.length > 0 && items.every((e) => e.t === "sym");
    const allStr = items.length > 0 && items.every((e) => e.t === "str");
    const sorted = items.every((e, i) => i === 0 || toS(items[i - 1]) < toS(e));
    const junk = x.v[0]?.t === "sym" ? sym(this.junkWord()) : str(this.junkWord());
    const split = rng.int(items.length + 1);
    const lengths = new Set(items.map((e) => toS(e)?.length));
    return [
      [allSym ? 2 : 0, () => E(`${recv(this.expr(arr(items.map((e) => str(e.v))), ctx, d))}.map(&:to_sym)`)],
      [allStr ? 1 : 0, () => E(`${recv(this.expr(arr(items.map((e) => sym(e.v))), ctx, d))}.map(&:to_s)`)],
      [items.length > 0 ? 1 : 0, () => E(`${this.recvCode(arr(items.slice(0, split)), ctx, d)} + ${this.recvCode(arr(items.slice(split)), ctx, d)}`, false)],
      [1, () => E(`${this.recvCode(arr([...items.slice(0, split), junk, ...items.slice(split)]), ctx, d)} - [${literal(junk)}]`, false)],
      [items.length > 1 && sorted ? 1 : 0, () => E(`${recv(this.expr(arr(rng.shuffle(items)), ctx, d))}.sort`)],
      [items.length > 1 && lengths.size === items.length ? 1 : 0, () => this.sortByLength(items, ctx, d)],
      [items.length > 0 ? 1 : 0, () => E(`${recv(this.expr(arr([...items, ...items.slice(0, 1)]), ctx, d))}.uniq`)],
      [1, () => E(`${recv(this.expr(arr([...items, junk]), ctx, d))}.first(${items.length})`)],
      [1, () => E(`${recv(this.expr(arr([...items, junk]), ctx, d))}.reject { |w| w == ${literal(junk)} }`)],
      [1, () => E(`${recv(this.expr(arr([junk, ...items]), ctx, d))}.select { |w| w != ${literal(junk)} }`)],
      [1, () => E(`${recv(this.expr(arr([...items].reverse()), ctx, d))}.reverse`)],
      [1, () => E(`[${this.code(arr(items.slice(0, split)), ctx, d)}, ${this.code(arr(items.slice(split)), ctx, d)}].flatten`)],
      [allStr || allSym ? 1 : 0, () => E(`${recv(this.expr(arr([...items.slice(0, split), junk, ...items.slice(split)]), ctx, d))}.filter_map { |w| w unless w == ${literal(junk)} }`)],
      [1, () => this.viaCase(x, ctx, d)],
      [1, () => E(`${recv(this.expr(x, ctx, d))}.${rng.pick(["each_with_object([]) { |w, acc| acc << w }", "flat_map { |w| [w] }", "map { _1 }", "map.with_index { |w, _i| w }", "each_with_index.map { |w, _| w }", "zip(%w[z]).map(&:first)", "each_slice(1).map(&:first)", "each_slice(2).to_a.flatten", "reverse_each.to_a.reverse", "then { |a| Array(a) }"])}`)],
      [1, () => E(`${recv(this.expr(arr([...items, junk]), ctx, d))}.partition { |w| w != ${literal(junk)} }.first`)],
      [1, () => E(`${recv(this.expr(arr([junk, ...items]), ctx, d))}.drop(1)`)],
      [1, () => E(`${recv(this.expr(arr([junk, ...items]), ctx, d))}.each_cons(2).map(&:last)`)],
      [1, () => E(`${recv(this.expr(arr([...items, junk]), ctx, d))}.take(${items.length})`)],
      [1, () => E(`${recv(this.expr(arr([...items, junk]), ctx, d))}.select.with_index { |_, i| i < ${items.length} }`)],
      [items.length ? 1 : 0, () => E(`${recv(this.expr(arr([...items, items[0]]), ctx, d))}.${rng.pick(["tally.keys", "group_by(&:itself).keys", "to_h { |w| [w, true] }.keys"])}`)],
      [1, () => E(`${literal(arr([...items.slice(0, split), NIL, ...items.slice(split)]), rng)}.compact`)],
      [1, () => E(`[*${recv(this.expr(arr(items.slice(0, split)), ctx, d))}, *${recv(this.expr(arr(items.slice(split)), ctx, d))}]`)],
    ];
  }

  sortByLength(items, ctx, d) {
    const ordered = [...items].sort((a, b) => toS(a).length - toS(b).length);
    const same = ordered.every((e, i) => equal(e, items[i]));
    if (!same) return E(literal(arr(items), this.rng));
    return E(`${recv(this.expr(arr(this.rng.shuffle(items)), ctx, d))}.sort_by { |w| w.to_s.length }`);
  }

  hashWays(x, ctx, d) {
    const pairs = x.v;
    const split = this.rng.int(pairs.length + 1);
    const junkKey = sym(this.junkWord());
    return [
      [pairs.length > 0 ? 2 : 0, () => E(`${recv(this.expr(hash(pairs.slice(0, split)), ctx, d))}.merge(${this.hashCode(pairs.slice(split), ctx, d)})`)],
      [pairs.length > 1 ? 1 : 0, () => E(`{ **${recv(this.expr(hash(pairs.slice(0, split)), ctx, d))}, **${recv(this.expr(hash(pairs.slice(split)), ctx, d))} }`)],
      [1, () => E(`${recv(this.expr(hash([...pairs, [junkKey, int(1)]]), ctx, d))}.except(${literal(junkKey)})`)],
      [1, () => E(`${recv(this.expr(hash([[junkKey, int(1)], ...pairs]), ctx, d))}.reject { |k, _| k == ${literal(junkKey)} }`)],
      [1, () => E(`${this.recvCode(arr(pairs.map(([k, v]) => arr([k, v]))), ctx, d)}.to_h`)],
      [1, () => E(`${recv(this.expr(x, ctx, d))}.${this.rng.pick(["transform_values(&:itself)", "to_a.to_h", "each_with_object({}) { |(k, v), h| h[k] = v }", "compact"])}`)],
      [1, () => E(`${recv(this.expr(hash([...pairs, [junkKey, NIL]]), ctx, d))}.compact`)],
      [1, () => E(`${recv(this.expr(hash([...pairs, [junkKey, int(1)]]), ctx, d))}.select { |k, _| k != ${literal(junkKey)} }`)],
      [pairs.length ? 1 : 0, () => E(`${recv(this.expr(x, ctx, d))}.merge(${literal(hash([[pairs[0][0], str("ignored")]]))}) { |_key, old, _new| old }`)],
      [1, () => E(`${recv(this.expr(hash([...pairs, [junkKey, int(1)]]), ctx, d))}.slice(${pairs.map(([k]) => literal(k)).join(", ")})`)],
    ];
  }

  /** `x` through a condition whose truth the generator knows: a ternary, `&&`, `||`. */
  conditional(x, ctx, d) {
    const rng = this.rng;
    const other = this.otherValue(x);
    const truth = rng.chance(0.5);
    const cond = ctx.truth(truth, d);
    const [yes, no] = truth ? [x, other] : [other, x];
    const form = rng.int(3);
    if (form === 0 || x.t === "bool" || x.t === "nil") return E(`${cond} ? ${this.recvCode(yes, ctx, d)} : ${this.recvCode(no, ctx, d)}`, false);
    // `a && b` is b when a is truthy; `a || b` is a when a is truthy (neither is nil or false here).
    if (form === 1) return E(`(${ctx.truth(true, d)}) && ${this.recvCode(x, ctx, d)}`, false);
    return rng.chance(0.5) ? E(`(${ctx.truth(false, d)}) || ${this.recvCode(x, ctx, d)}`, false) : E(`nil || ${this.recvCode(x, ctx, d)}`, false);
  }

  viaCase(x, ctx, d) {
    const key = this.rng.int(3);
    const other = this.otherValue(x);
    const branches = [0, 1, 2].map((k) => `when ${k} then ${this.code(k === key ? x : other, ctx, d)}`);
    return E(`(case ${key} ${branches.join(" ")} end)`);
  }

  /** A different value of the same type, for the branch not taken. */
  otherValue(x) {
    switch (x.t) {
      case "str":
        return str(this.junkWord());
      case "sym":
        return sym(this.junkWord());
      case "int":
        return int(x.v + 7);
      case "arr":
        return arr([]);
      case "hash":
        return hash([]);
      default:
        return x;
    }
  }

  /** `s` as a lambda's result: `->(w) { "#{w}s" }.call("post")`, or a lambda held in a local. */
  viaLambda(s, ctx, d) {
    const rng = this.rng;
    const cut = s.length >= 2 ? 1 + rng.int(s.length - 1) : s.length;
    const [a, b] = [s.slice(0, cut), s.slice(cut)];
    const body = `->(w) { "#{w}${dqBody(b)}" }`;
    const fn = ctx.canHoist && rng.chance(0.5) ? ctx.hoist(body, { lambda: true }) : `${body}`;
    const arg = this.code(str(a), ctx, d);
    return E(rng.weighted([[2, `${fn}.call(${arg})`], [1, `${fn}.(${arg})`], [1, `${fn}[${arg}]`]]));
  }

  /** `s` as a helper method's result (the method is written at the top of the file). */
  viaHelper(s, ctx, d) {
    const cut = s.length >= 2 ? 1 + this.rng.int(s.length - 1) : s.length;
    const [a, b] = [s.slice(0, cut), s.slice(cut)];
    const name = this.gen.valueHelper();
    // Each helper is `"#{word}#{suffix}"` written some way (see Gen#valueHelper).
    return E(b === "" && this.rng.chance(0.5) ? `${name}(${this.code(str(a), ctx, d)}, "")` : `${name}(${this.code(str(a), ctx, d)}, ${this.code(str(b), ctx, d)})`);
  }

  /** An interpolation `#{…}` giving the string `x`. */
  interp(x, ctx, d) {
    return `#{${this.code(x, ctx, d)}}`;
  }

  arrayCode(items, ctx, d) {
    return recv(this.expr(arr(items), ctx, d));
  }

  hashCode(pairs, ctx, d) {
    return recv(this.expr(hash(pairs), ctx, d));
  }

  /** A word no route uses. */
  junkWord() {
    return this.rng.pick(["zz", "qq", "unused", "skip", "none", "xx"]);
  }

  /**
   * Code for a value known only at run time (a block's parameter): the parameter, or it through
   * methods that keep it (`to_s`, `"#{n}"`, `to_sym`, `dup`). `x.t` says which type is wanted.
   */
  symbolicExpr(x, ctx) {
    const rng = this.rng;
    const v = x.code;
    const base = x.base ?? x.t; // the parameter's own type
    if (x.t === "str") {
      if (base === "str") return rng.weighted([[4, E(v)], [1, E(`"#{${v}}"`)], [1, E(`${v}.to_s`)], [1, E(`${v}.dup`)], [1, E(`${v}.to_s.downcase`)]]);
      return rng.weighted([[3, E(`${v}.to_s`)], [2, E(`"#{${v}}"`)], [1, E(`${v}.to_s.dup`)]]);
    }
    if (x.t === "sym") {
      if (base === "sym") return rng.weighted([[4, E(v)], [1, E(`${v}.to_sym`)], [1, E(`${v}.to_s.to_sym`)]]);
      return rng.weighted([[3, E(`${v}.to_sym`)], [1, E(`:"#{${v}}"`)], [1, E(`${v}.to_s.intern`)]]);
    }
    return E(v);
  }
}

/** "admin_tools" → "AdminTools", as ActiveSupport's camelize gives it for lowercase words. */
export function camelize(s) {
  return s.split("_").map((w) => (w ? w[0].toUpperCase() + w.slice(1) : "")).join("");
}

export { bool };
