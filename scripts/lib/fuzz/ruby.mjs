// The Ruby routes files write around the DSL: loops (each, each_with_index, each_slice +
// with_index, map/select/reject/sort_by/group_by/zip before each, times, ranges, hashes),
// conditions on values the generator knows (if/elsif/unless/case/ternary/&&/modifiers, with
// a branch that never runs and may hold anything), helper methods with arguments and blocks,
// with_options (both forms) and lambdas that draw.
import { indent } from "./generate.mjs";
import * as W from "./words.mjs";
import { arr, hash, int, literal, str, sym, symbolic } from "./values.mjs";

/** A block variable the body's first statement uses: `role` says where it fits. */
const variable = (code, base, role) => ({ ...symbolic(base, code), base, role });

export class RubyForms {
  constructor(gen) {
    this.gen = gen;
    this.rng = gen.rng;
  }

  get ex() {
    return this.gen.exprs;
  }

  get dsl() {
    return this.gen.dsl;
  }

  // --- loops ---------------------------------------------------------------------------

  loop(ctx) {
    const rng = this.rng;
    const open = ctx.kind === "top" || ctx.kind === "scope";
    const role = ctx.kind === "mc" ? "action" : ctx.kind.startsWith("res") ? rng.pick(["action", "action", "noun"]) : rng.weighted([[3, "noun"], [2, "word"], [1, "int"], [1, "one"], [1, "hash"]]);
    if (role === "int") return rng.chance(0.7) ? this.intLoop(ctx) : this.whileLoop(ctx);
    if (role === "hash") return rng.chance(0.7) ? this.hashLoop(ctx) : this.structLoop(ctx);
    const k = rng.between(2, 3);
    const values = Array.from({ length: k }, () => (role === "noun" ? this.gen.noun()[1] : role === "one" ? this.gen.noun()[0] : role === "word" ? this.gen.word() : null));
    const items = role === "action" ? rng.sample(W.CUSTOM_ACTIONS, k) : values;
    const base = rng.chance(0.6) ? "sym" : "str";
    const list = arr(items.map((w) => (base === "sym" ? sym(w) : str(w))));
    const x = this.blockVar(role);
    const forms = [
      [4, () => this.each(ctx, `${this.ex.recvCode(list, ctx)}.each`, x, base, role)],
      [1, () => this.each(ctx, `${this.ex.recvCode(list, ctx)}.each_with_index`, `${x}, i`, base, role, { int: "i" })],
      [1, () => this.each(ctx, `${this.ex.recvCode(list, ctx)}.each.with_index(1)`, `${x}, n`, base, role, { int: "n" })],
      [1, () => this.each(ctx, `${this.ex.recvCode(list, ctx)}.map { |w| "#{w}_v2" }`, x, "str", role, { each: true })],
      [1, () => this.each(ctx, `${this.ex.recvCode(arr([...list.v, base === "sym" ? sym("zz_skip") : str("zz_skip")]), ctx)}.reject { |w| w.to_s.start_with?("zz") }`, x, base, role, { each: true })],
      [1, () => this.each(ctx, `${this.ex.recvCode(arr([...list.v, base === "sym" ? sym("zz") : str("zz")]), ctx)}.select { |w| w.length > 2 }`, x, base, role, { each: true })],
      [1, () => this.each(ctx, `${this.ex.recvCode(list, ctx)}.sort_by(&:to_s)`, x, base, role, { each: true })],
      [1, () => this.each(ctx, `${this.ex.recvCode(list, ctx)}.sort_by { |w| [-w.length, w.to_s] }`, x, base, role, { each: true })],
      [open && !ctx.inLoop ? 1 : 0, () => this.eachSlice(ctx, list, x, base, role)],
      [open && !ctx.inLoop ? 1 : 0, () => this.groupBy(ctx, list, x, base, role)],
      [1, () => this.zip(ctx, list, x, base, role)],
      [1, () => this.skipping(ctx, list, x, base, role)],
    ];
    return rng.weighted(forms)();
  }

  blockVar(role) {
    const names = { noun: ["name", "res", "plural", "r"], one: ["single", "thing"], word: ["section", "area", "ns", "part"], action: ["action", "act", "verb_name"] }[role];
    return `${this.rng.pick(names)}${this.gen.counts.local++}`;
  }

  /** `recv do |params| body end` (or `recv.each do …` when `o.each`), the body using the variable. */
  each(ctx, recv, params, base, role, o = {}) {
    const x = params.split(",")[0].trim();
    const vars = [variable(x, base, role)];
    if (o.int) vars.push(variable(o.int, "int", "int"));
    const body = this.loopBody(ctx, vars);
    const head = o.each ? `${recv}.each do |${params}|` : `${recv} do |${params}|`;
    if (body.length === 1 && !/\bdo\b|\{/.test(body[0]) && this.rng.chance(0.4)) return [`${o.each ? `${recv}.each` : recv} { |${params}| ${body[0]} }`];
    return [head, ...indent(body), "end"];
  }

  /** The body of a loop: a statement using its variables, maybe another that does not. */
  loopBody(ctx, vars) {
    const inner = ctx.child({ inLoop: true, vars, deeper: true });
    inner.pending = [];
    const first = this.templated(inner, vars[0]);
    const lines = [...inner.pending, ...first];
    if (this.rng.chance(0.25)) lines.push(...this.gen.body(inner, 1));
    return lines;
  }

  /** A statement whose names come from `v`, so each iteration draws routes of its own. */
  templated(ctx, v) {
    const d = this.dsl;
    const rng = this.rng;
    switch (v.role) {
      case "noun":
        return ctx.kind === "res" || ctx.kind === "res1" || ctx.kind === "mc" ? d.resources(ctx, { block: false }) : d.resources(ctx);
      case "one":
        return d.resource(ctx);
      case "word":
        return rng.weighted([[2, () => d.namespace(ctx)], [2, () => d.scope(ctx)], [3, () => d.route(ctx)]])();
      case "action":
        return ctx.kind === "mc" ? d.actionRoute(ctx) : d.onRoute(ctx);
      default:
        return d.route(ctx);
    }
  }

  /** `list.each_slice(2).with_index(1) do |group, i|` — a scope per group, the group's routes in it. */
  eachSlice(ctx, list, x, base, role) {
    const rng = this.rng;
    const g = `group${this.gen.counts.local++}`;
    const i = `i${this.gen.counts.local++}`;
    const scope = rng.pick([`scope "part#{${i}}", as: "part#{${i}}" do`, `namespace "batch#{${i}}" do`, `scope path: "g#{${i}}", as: :"g#{${i}}" do`]);
    const body = this.loopBody(ctx.child({ kind: "scope", nameScope: true, deeper: true }), [variable(x, base, role)]);
    return [
      `${this.ex.recvCode(list, ctx)}.each_slice(${rng.between(1, 2)}).with_index(1) do |${g}, ${i}|`,
      `  ${scope}`,
      `    ${g}.each do |${x}|`,
      ...indent(indent(indent(body))),
      "    end",
      "  end",
      "end",
    ];
  }

  /** `list.group_by { |w| w.length }.each do |len, words|` — a scope per length. */
  groupBy(ctx, list, x, base, role) {
    const len = `len${this.gen.counts.local++}`;
    const ws = `words${this.gen.counts.local++}`;
    const body = this.loopBody(ctx.child({ kind: "scope", nameScope: true, deeper: true }), [variable(x, base, role)]);
    return [
      `${this.ex.recvCode(list, ctx)}.group_by { |w| w.to_s.length }.each do |${len}, ${ws}|`,
      `  scope "l#{${len}}", as: "l#{${len}}" do`,
      `    ${ws}.each do |${x}|`,
      ...indent(indent(indent(body))),
      "    end",
      "  end",
      "end",
    ];
  }

  /** `names.zip(paths).each do |name, path|` — the second list gives each route its path. */
  zip(ctx, list, x, base, role) {
    const paths = list.v.map(() => str(this.gen.word()));
    const p = `path${this.gen.counts.local++}`;
    const vars = [variable(x, base, role), variable(p, "str", "word")];
    const body = this.loopBody(ctx, vars);
    return [`${this.ex.recvCode(list, ctx)}.zip(${this.ex.code(arr(paths), ctx)}).each do |${x}, ${p}|`, ...indent(body), "end"];
  }

  /** `next if x == junk` (the junk anywhere) or `break if x == junk` (the junk last). */
  skipping(ctx, list, x, base, role) {
    const rng = this.rng;
    const junk = base === "sym" ? { t: "sym", v: "zz_stop" } : str("zz_stop");
    const brk = rng.chance(0.4);
    const items = [...list.v];
    items.splice(brk ? items.length : rng.int(items.length + 1), 0, junk);
    const body = this.loopBody(ctx, [variable(x, base, role)]);
    const guard = brk ? `break if ${x} == ${literal(junk)}` : rng.pick([`next if ${x} == ${literal(junk)}`, `next unless ${x} != ${literal(junk)}`]);
    return [`${this.ex.recvCode(arr(items), ctx)}.each do |${x}|`, `  ${guard}`, "", ...indent(body), "end"];
  }

  /** `while i < n … i += 1 end`, or `until`. */
  whileLoop(ctx) {
    const rng = this.rng;
    const n = rng.between(1, 3);
    const i = `i${this.gen.counts.local++}`;
    const body = this.loopBody(ctx, [variable(i, "int", "int")]);
    const head = rng.chance(0.6) ? `while ${i} < ${n}` : `until ${i} >= ${n}`;
    return [`${i} = 0`, head, ...indent(body), `  ${i} += 1`, "end"];
  }

  /** Struct values with a name and a target, each drawn as a route. */
  structLoop(ctx) {
    const rng = this.rng;
    const items = Array.from({ length: rng.between(2, 3) }, () => this.gen.structNew(this.ex.code(str(this.gen.word()), ctx), this.ex.code(str(`${this.dsl.controllerName()}#${rng.pick(W.CUSTOM_ACTIONS)}`), ctx)));
    const v = `spec${this.gen.counts.local++}`;
    const line = rng.pick([`get ${v}.name, to: ${v}.path`, `post ${v}.name => ${v}.path`, `get "#{${v}.name}/go", to: ${v}[:path], as: "go_#{${v}.name}"`]);
    return [`[${items.join(", ")}].each do |${v}|`, `  ${line}`, "end"];
  }

  intLoop(ctx) {
    const rng = this.rng;
    const n = rng.between(1, 3);
    const i = `i${this.gen.counts.local++}`;
    const head = rng.pick([
      `${n}.times do |${i}|`,
      `(1..${n}).each do |${i}|`,
      `1.upto(${n}) do |${i}|`,
      `(0...${n}).each do |${i}|`,
      `0.step(${2 * n - 1}, 2) do |${i}|`,
      `${n + 1}.downto(2) do |${i}|`,
      `${this.ex.recvCode(int(n), ctx)}.times.map { |k| k * 10 }.each do |${i}|`,
    ]);
    const body = this.loopBody(ctx, [variable(i, "int", "int")]);
    return [head, ...indent(body), "end"];
  }

  /** `{ about: "pages#about", … }.each do |path, target| get path.to_s, to: target end` */
  hashLoop(ctx) {
    const rng = this.rng;
    const pairs = Array.from({ length: rng.between(2, 3) }, () => [sym(this.gen.word()), str(`${this.dsl.controllerName()}#${rng.pick(W.CUSTOM_ACTIONS)}`)]);
    const [k, v] = [`key${this.gen.counts.local++}`, `target${this.gen.counts.local++}`];
    const verb = rng.pick(["get", "post", "get"]);
    const form = rng.int(3);
    const line =
      form === 0 ? `${verb} ${k}.to_s, to: ${v}` : form === 1 ? `${verb} "#{${k}}" => ${v}` : `${verb} ${k}.to_s, to: ${v}, as: "${rng.pick(["go", "see"])}_#{${k}}"`;
    return [`${this.ex.recvCode(hash(pairs), ctx)}.each do |${k}, ${v}|`, `  ${line}`, "end"];
  }

  // --- conditions ----------------------------------------------------------------------

  conditional(ctx) {
    const rng = this.rng;
    const live = (n) => this.gen.body(ctx.child({ deeper: false }), n ?? rng.between(1, 2));
    const dead = () => this.deadBody(ctx);
    const form = rng.weighted([[3, "if"], [2, "ifElse"], [1, "unless"], [1, "elsif"], [1.5, "case"], [1, "ternary"], [1, "and"], [0.7, "rescue"], [0.7, "in"]]);
    switch (form) {
      case "rescue":
        return this.rescueBlock(ctx, live, dead);
      case "in":
        return this.patternCase(ctx, live, dead);
      case "if": {
        const b = rng.chance(0.7);
        return [`if ${ctx.truth(b)}`, ...indent(b ? live() : dead()), "end"];
      }
      case "ifElse": {
        const b = rng.chance(0.5);
        const cond = ctx.truth(b);
        const [yes, no] = b ? [live(), dead()] : [dead(), live()];
        return [`if ${cond}`, ...indent(yes), "else", ...indent(no), "end"];
      }
      case "unless": {
        const b = rng.chance(0.7);
        const lines = [`unless ${ctx.truth(!b)}`, ...indent(b ? live() : dead())];
        if (rng.chance(0.4)) lines.push("else", ...indent(b ? dead() : live()));
        return [...lines, "end"];
      }
      case "elsif": {
        const which = rng.int(3);
        const c1 = ctx.truth(which === 0);
        const c2 = ctx.truth(which === 1);
        return [`if ${c1}`, ...indent(which === 0 ? live() : dead()), `elsif ${c2}`, ...indent(which === 1 ? live() : dead()), "else", ...indent(which === 2 ? live() : dead()), "end"];
      }
      case "case":
        return this.caseStatement(ctx, live, dead);
      case "ternary": {
        const b = rng.chance(0.5);
        const yes = this.gen.lineStatement(ctx)[0];
        const no = this.gen.lineStatement(ctx.child({ dead: true, deeper: false }))[0];
        return [`${ctx.truth(b)} ? (${b ? yes : no}) : (${b ? no : yes})`];
      }
      default: {
        const b = rng.chance(0.6);
        const stmt = this.gen.lineStatement(b ? ctx : ctx.child({ dead: true, deeper: false }))[0];
        return [rng.chance(0.5) ? `${ctx.truth(b)} && (${stmt})` : `${ctx.truth(!b)} || (${stmt})`];
      }
    }
  }

  /** `begin … rescue … else … ensure … end`: what runs before the raise, the rescue, never what follows it. */
  rescueBlock(ctx, live, dead) {
    const rng = this.rng;
    const [raise, klass] = rng.pick([['Integer("oops")', "ArgumentError"], ["[].fetch(5)", "IndexError"], ['raise ArgumentError, "no"', "ArgumentError"], ["{}.fetch(:missing)", "KeyError"], ['raise "plain"', "StandardError"]]);
    if (rng.chance(0.25)) {
      // Nothing raises: the body and `else` run, the rescue does not.
      return ["begin", ...indent(live(1)), `rescue ${klass}`, ...indent(dead()), "else", ...indent(live(1)), "end"];
    }
    const lines = ["begin", ...(rng.chance(0.5) ? indent(live(1)) : []), `  ${raise}`, ...indent(dead()), rng.chance(0.5) ? `rescue ${klass} => e` : `rescue ${klass}`, ...indent(live(1))];
    if (rng.chance(0.3)) lines.push("ensure", ...indent(live(1)));
    return [...lines, "end"];
  }

  /** `case … in` over a hash or an array the generator knows, one arm matching (a guard at times). */
  patternCase(ctx, live, dead) {
    const rng = this.rng;
    const level = rng.between(1, 3);
    const mode = rng.pick(["api", "web"]);
    const other = mode === "api" ? "web" : "api";
    const lvl = `lvl${this.gen.counts.local++}`;
    if (rng.chance(0.5)) {
      const subject = this.ex.code(hash([[sym("mode"), sym(mode)], [sym("level"), int(level)]]), ctx);
      return [
        `case ${subject}`,
        `in { mode: :${other} }`,
        ...indent(dead()),
        rng.chance(0.5) ? `in { mode: :${mode}, level: Integer => ${lvl} } if ${lvl} >= ${level}` : `in { mode: :${mode}, level: ${level}.. }`,
        ...indent(live()),
        "else",
        ...indent(dead()),
        "end",
      ];
    }
    const subject = this.ex.code(arr([str(mode), int(level)]), ctx);
    return [`case ${subject}`, `in [String => ${lvl}, 0]`, ...indent(dead()), `in [${JSON.stringify(mode)}, Integer]`, ...indent(live()), "end"];
  }

  /** A body that never runs: anything valid goes, Rails' errors included. */
  deadBody(ctx) {
    const inner = ctx.child({ dead: true, deeper: false });
    inner.pending = [];
    const lines = this.rng.chance(0.3) ? this.dsl.deliberateError(inner) : [];
    return [...inner.pending, ...lines, ...this.gen.body(inner, this.rng.between(1, 2))];
  }

  caseStatement(ctx, live, dead) {
    const rng = this.rng;
    const env = this.gen.railsEnv;
    const form = rng.int(4);
    if (form === 0) {
      const others = ["production", "staging", "test", "development"].filter((e) => e !== env);
      const order = rng.shuffle([env, ...others.slice(0, 2)]);
      const lines = ["case Rails.env"];
      for (const e of order) lines.push(rng.chance(0.3) && e !== env ? `when "${e}", "${others[2]}"` : `when "${e}"`, ...indent(e === env ? live() : dead()));
      return [...lines, "end"];
    }
    if (form === 1) {
      // The first arm that matches wins: `1..n-1` never does, `(n..)` does.
      const n = rng.between(1, 9);
      return [`case ${this.ex.code(int(n), ctx)}`, `when 1..${n - 1}`, ...indent(dead()), `when (${n}..)`, ...indent(live()), "else", ...indent(dead()), "end"];
    }
    if (form === 2) {
      const word = this.gen.word();
      return [`case ${this.ex.code(str(word), ctx)}`, `when /\\Azz/`, ...indent(dead()), `when ${JSON.stringify(word)}, "other"`, ...indent(live()), "else", ...indent(dead()), "end"];
    }
    const key = rng.pick(["web", "api", "admin"]);
    const other = rng.pick(["mobile", "legacy"]);
    return [`case ${this.ex.code(sym(key), ctx)}`, `when :${other}`, ...indent(dead()), `when :${key}, :both`, ...indent(live()), "end"];
  }

  /** `statement if condition` (or `unless`), the statement running or not. */
  modifier(ctx) {
    const rng = this.rng;
    const b = rng.chance(0.6);
    const stmt = this.gen.lineStatement(b ? ctx : ctx.child({ dead: true, deeper: false }))[0];
    return rng.chance(0.6) ? [`${stmt} if ${ctx.truth(b)}`] : [`${stmt} unless ${ctx.truth(!b)}`];
  }

  // --- methods -------------------------------------------------------------------------

  /** A helper method that draws, written at the top of the file or in the draw block, and its calls. */
  defHelper(ctx) {
    const rng = this.rng;
    const open = ctx.kind === "top" || ctx.kind === "scope";
    const name = `${rng.pick(["draw", "api", "admin", "with", "add"])}_${rng.pick(["resources", "area", "routes", "section", "version"])}_${++this.gen.counts.helper}`;
    const templates = [
      [open || ctx.kind === "res" ? 2 : 0, () => this.defResourcesList(ctx, name)],
      [open ? 1 : 0, () => this.defNamespace(ctx, name)],
      [open || ctx.kind === "res" ? 1 : 0, () => this.defYield(ctx, name)],
      [open && !ctx.inLoop ? 1 : 0, () => this.defVersions(ctx, name)],
      [open || ctx.kind === "res" ? 1 : 0, () => this.defOptions(ctx, name)],
      [open ? 1 : 0, () => this.defMembers(ctx, name)],
    ];
    const { def, calls } = rng.weighted(templates)();
    // A method defined in the draw block is the mapper's; at the top of the file, Object's (private).
    if (rng.chance(0.5)) {
      this.gen.preludeLines.push(...def, "");
      return calls;
    }
    return [...def, ...calls];
  }

  defResourcesList(ctx, name) {
    const rng = this.rng;
    const form = rng.int(3);
    const def =
      form === 0
        ? [`def ${name}(*names, **options)`, "  names.each { |n| resources n, **options }", "end"]
        : form === 1
          ? [`def ${name}(*names, **options)`, "  names.each do |n|", "    resources(n, **options)", "  end", "end"]
          : [`def ${name}(names, options = {})`, "  Array(names).each { |n| resources n, options }", "end"];
    const calls = [];
    for (let c = rng.between(1, 2); c > 0; c--) {
      const names = Array.from({ length: rng.between(1, 3) }, () => sym(this.gen.noun()[1]));
      const opt = rng.chance(0.5) ? this.dsl.actionList(W.STANDARD_ACTIONS) : undefined;
      const args = form === 2 ? [this.ex.code(names.length === 1 ? names[0] : arr(names), ctx)] : names.map((n) => this.ex.code(n, ctx));
      if (opt) args.push(`${opt[0]}: ${this.ex.code(opt[1], ctx)}`);
      calls.push(this.dsl.line(name, args));
    }
    return { def, calls };
  }

  defNamespace(ctx, name) {
    const rng = this.rng;
    const def = rng.pick([
      [`def ${name}(name, &block)`, '  namespace(name, path: name.to_s.dasherize, &block)', "end"],
      [`def ${name}(name, &block)`, "  scope(path: name, module: name, as: name, &block)", "end"],
      [`def ${name}(name)`, "  namespace name do", "    yield", "  end", "end"],
    ]);
    const word = this.gen.word();
    const body = this.gen.body(ctx.child({ kind: "scope", nameScope: true, inDef: false }), rng.between(1, 2));
    return { def, calls: [this.dsl.line(name, [this.ex.code(rng.chance(0.5) ? sym(word) : str(word), ctx)], " do"), ...indent(body), "end"] };
  }

  defYield(ctx, name) {
    const rng = this.rng;
    const def = [`def ${name}(name, actions = %i[index show])`, "  resources name, only: actions do", "    yield if block_given?", "  end", "end"];
    const calls = [];
    const first = this.gen.noun()[1];
    const body = this.gen.body(ctx.child({ kind: "res", controller: false }), rng.between(1, 2));
    calls.push(`${name}(${this.ex.code(sym(first), ctx)}) do`, ...indent(body), "end");
    if (rng.chance(0.6)) calls.push(this.dsl.line(name, [this.ex.code(sym(this.gen.noun()[1]), ctx), this.ex.code(arr([sym("index"), sym(rng.pick(["new", "create", "show"]))]), ctx)]));
    return { def, calls };
  }

  defVersions(ctx, name) {
    const rng = this.rng;
    const def = rng.pick([
      [`def ${name}(version)`, '  scope "v#{version}", module: "v#{version}", as: "v#{version}" do', "    yield version", "  end", "end"],
      [`def ${name}(version, &block)`, '  namespace("v#{version}", &block)', "end"],
    ]);
    const calls = [];
    for (const v of rng.chance(0.5) ? [1, 2] : [rng.between(1, 3)]) {
      const inner = ctx.child({ kind: "scope", nameScope: true, inDef: false });
      const body = this.gen.body(inner, rng.between(1, 2));
      calls.push(`${name}(${v}) do${def[0].includes("&block") ? "" : " |v|"}`, ...indent(body), "end");
    }
    return { def, calls };
  }

  defOptions(ctx, name) {
    const rng = this.rng;
    const def = rng.pick([
      [`def ${name}(only: %i[index show], format: false)`, "  { only: only, format: format }", "end"],
      [`def ${name}(extra = {})`, "  { only: %i[index show] }.merge(extra)", "end"],
    ]);
    const noun = () => this.ex.code(sym(this.gen.noun()[1]), ctx);
    const calls = [this.dsl.line("resources", [noun(), `**${name}`])];
    if (rng.chance(0.6)) calls.push(this.dsl.line("resources", [noun(), def[0].includes("only:") ? `${name}(only: %i[index])` : `${name}(except: [:show])`]));
    return { def, calls };
  }

  defMembers(ctx, name) {
    const rng = this.rng;
    const which = rng.pick(["member", "collection"]);
    const def = rng.pick([
      [`def ${name}(*actions)`, `  ${which} do`, "    actions.each { |a| post a }", "  end", "end"],
      [`def ${name}(*actions, via: :post)`, "  actions.each do |a|", `    match a, via: via, on: :${which}`, "  end", "end"],
    ]);
    const actions = rng.sample(W.CUSTOM_ACTIONS, rng.between(1, 3)).map((a) => this.ex.code(sym(a), ctx));
    return { def, calls: [this.dsl.line("resources", [this.ex.code(sym(this.gen.noun()[1]), ctx)], " do"), `  ${this.dsl.line(name, actions)}`, "end"] };
  }

  // --- with_options and lambdas --------------------------------------------------------

  withOptions(ctx) {
    const rng = this.rng;
    const opts = rng.pick([
      () => [["only", arr([sym("index"), sym("show")])]],
      () => [["except", arr([sym("destroy")])]],
      () => [["format", { t: "bool", v: false }]],
      () => [["constraints", hash([[sym("id"), this.dsl.regexp()]])]],
      () => [["shallow", { t: "bool", v: true }]],
      () => [["path_names", hash([[sym("new"), str("neu")]])]],
    ])();
    const explicit = rng.chance(0.6);
    const o = "r";
    const n = rng.between(1, 3);
    const inner = ctx.child({ deeper: true });
    inner.pending = [];
    const lines = [];
    for (let i = 0; i < n; i++) {
      const stmt = ctx.kind.startsWith("res") && rng.chance(0.5) ? this.dsl.resources(inner, { block: false }) : rng.chance(0.8) ? this.dsl.resources(inner) : this.dsl.resource(inner);
      lines.push(...inner.pending.splice(0), ...(explicit ? [`${o}.${stmt[0]}`, ...stmt.slice(1)] : stmt));
    }
    const head = this.dsl.call("with_options", [], opts, ctx)[0];
    return [`${head} do${explicit ? ` |${o}|` : ""}`, ...indent(lines), "end"];
  }

  lambda(ctx) {
    const rng = this.rng;
    const fn = this.gen.freshLocal("fn");
    const inResource = ctx.kind.startsWith("res");
    const body = inResource ? "post name, on: :member" : rng.pick(["resources name, **options", "resources(name, only: %i[index show], **options)", 'get "#{name}", to: "pages##{name}", **options']);
    const needsOptions = body.includes("options");
    const params = needsOptions ? "name, **options" : "name";
    const def = rng.pick([`${fn} = ->(${params}) { ${body} }`, `${fn} = lambda do |${params}|`, `${fn} = proc { |${params}| ${body} }`]);
    const lines = def.endsWith("|") ? [def, `  ${body}`, "end"] : [def];
    const word = () => (inResource ? rng.pick(W.CUSTOM_ACTIONS) : body.startsWith("get") ? this.gen.word() : this.gen.noun()[1]);
    for (let c = rng.between(1, 3); c > 0; c--) {
      const arg = this.ex.code(sym(word()), ctx);
      lines.push(rng.pick([`${fn}.(${arg})`, `${fn}.call(${arg})`, `${fn}[${arg}]`]));
    }
    if (rng.chance(0.4)) lines.push(`${this.ex.recvCode(arr([sym(word()), sym(word())]), ctx)}.each(&${fn})`);
    return lines;
  }
}

export { literal };
