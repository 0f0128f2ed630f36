// Routing statements (ActionDispatch::Routing::Mapper's DSL, Rails 6.1): resources and
// resource with their options, namespace, scope, concerns, member/collection, get/post/match
// with their options, root, redirect, mount, constraints/defaults/controller/shallow blocks,
// and a few statements Rails raises on. Each returns the statement's lines.
import { indent } from "./generate.mjs";
import * as W from "./words.mjs";
import { arr, bool, dq, hash, int, isSymbolic, re, str, sym, symbolic } from "./values.mjs";

const VERBS = [[5, "get"], [2, "post"], [1, "put"], [1, "patch"], [1, "delete"]];
const CONCERN_NAMES = ["commentable", "taggable", "pageable", "searchable", "archivable", "reviewable", "exportable", "trashable"];

export class Dsl {
  constructor(gen) {
    this.gen = gen;
    this.rng = gen.rng;
  }

  get ex() {
    return this.gen.exprs;
  }

  // --- calls -------------------------------------------------------------------------

  /**
   * `name args, key: value…` with its block. `opts` are `[key, value]` (a value the generator
   * knows, or `{ raw: code }`); they are written inline, as `**hash` of an expression, or both.
   */
  call(name, args, opts, ctx, block) {
    const rng = this.rng;
    const parts = [...args];
    const known = opts.filter(([, v]) => !v.raw && !isSymbolic(v));
    const other = opts.filter(([, v]) => v.raw || isSymbolic(v));
    const style = known.length ? rng.weighted([[6, "inline"], [2, "splat"], [1, "mixed"], [args.length && !args.some((a) => a.includes("=>")) ? 0.5 : 0, "braces"]]) : "inline";
    const inline = (pairs) => pairs.map(([k, v]) => `${k}: ${v.raw ?? this.ex.code(v, ctx)}`);
    if (style === "inline") parts.push(...inline(opts));
    else if (style === "braces") parts.push(`{ ${inline(opts).join(", ")} }`);
    else {
      // Ruby hands a lone `**hash` to the method as it is (Rails changes it).
      const cut = style === "mixed" ? rng.int(known.length + 1) : 0;
      const asHash = hash(known.slice(cut).map(([k, v]) => [sym(k), v]));
      parts.push(...inline([...known.slice(0, cut), ...other]));
      if (asHash.v.length) parts.push(`**${this.ex.recvCode(asHash, ctx)}`);
    }
    // A first argument that opens with `{` would be read as a block, one with `(` as the call's parentheses.
    const parens = rng.chance(0.12) || /^[{(]/.test(parts[0] ?? "");
    const head = parts.length === 0 ? name : parens ? `${name}(${parts.join(", ")})` : `${name} ${parts.join(", ")}`;
    if (!block) return [head];
    const params = block.params ? ` |${block.params}|` : "";
    if (block.lines.length === 1 && !/\bdo\b|\{/.test(block.lines[0]) && parens && rng.chance(0.5)) return [`${head} {${params} ${block.lines[0]} }`];
    return [`${head} do${params}`, ...indent(block.lines), "end"];
  }

  /** A command call's first line, `name args`, with parentheses where the first argument needs them. */
  line(name, args, tail = "") {
    return /^[{(]/.test(args[0] ?? "") ? `${name}(${args.join(", ")})${tail}` : `${name} ${args.join(", ")}${tail}`;
  }

  /** A nested body, or undefined when the scope is deep enough. */
  nested(ctx, o, n) {
    if (ctx.depth >= this.gen.maxDepth) return undefined;
    const inner = ctx.child(o);
    const lines = this.gen.body(inner, n ?? this.rng.between(1, 2));
    return { lines };
  }

  /** A loop variable of `role` for this statement (each is used by the first statement that asks). */
  takeVar(ctx, role) {
    const v = ctx.vars.find((x) => x.role === role && !x.used);
    if (!v) return undefined;
    v.used = true;
    return v;
  }

  // --- resources -----------------------------------------------------------------------

  resources(ctx, o = {}) {
    const rng = this.rng;
    const v = o.name ?? this.takeVar(ctx, "noun");
    const name = v ?? this.gen.noun()[1];
    const opts = [];
    if (rng.chance(0.45)) opts.push(this.actionList(W.STANDARD_ACTIONS));
    if (rng.chance(0.1)) opts.push(["path", str(this.pathWord())]);
    if (rng.chance(0.08) && ctx.explicitNames) opts.push(["as", sym(this.gen.routeName())]);
    if (rng.chance(0.1)) opts.push(["param", sym(rng.pick(W.PARAMS))]);
    if (rng.chance(0.1)) opts.push(["shallow", bool(true)]);
    if (rng.chance(0.07)) opts.push(["controller", str(this.controllerName())]);
    if (rng.chance(0.07)) opts.push(["module", str(rng.pick(W.WORDS))]);
    if (rng.chance(0.1)) opts.push(["constraints", hash([[sym("id"), this.regexp()]])]);
    if (rng.chance(0.05)) opts.push(["format", bool(rng.chance(0.7) ? false : true)]);
    if (rng.chance(0.05)) opts.push(["path_names", hash([[sym(rng.pick(["new", "edit"])), str(rng.pick(["neu", "change", "make", "bearbeiten"]))]])]);
    if (rng.chance(0.1) && this.gen.concerns.length) opts.push(["concerns", this.concernList()]);
    if (rng.chance(0.05)) opts.push(["defaults", hash([[sym("format"), rng.pick([sym("json"), str("xml")])]])]);
    const block = o.block !== false && rng.chance(0.3) ? this.nested(ctx, { kind: "res", controller: false }) : undefined;
    return this.call("resources", [this.nameArg(name, ctx)], rng.shuffle(opts), ctx, block);
  }

  resource(ctx, o = {}) {
    const rng = this.rng;
    const v = o.name ?? this.takeVar(ctx, "one");
    const name = v ?? this.gen.noun()[0];
    const opts = [];
    if (rng.chance(0.3)) opts.push(this.actionList(W.SINGULAR_ACTIONS));
    if (rng.chance(0.1)) opts.push(["path", str(this.pathWord())]);
    if (rng.chance(0.08) && ctx.explicitNames) opts.push(["as", sym(this.gen.routeName())]);
    if (rng.chance(0.08)) opts.push(["controller", str(this.controllerName())]);
    if (rng.chance(0.06)) opts.push(["module", str(rng.pick(W.WORDS))]);
    if (rng.chance(0.05)) opts.push(["format", bool(false)]);
    if (rng.chance(0.06) && this.gen.concerns.length) opts.push(["concerns", this.concernList()]);
    const block = o.block !== false && rng.chance(0.35) ? this.nested(ctx, { kind: "res1", controller: false }) : undefined;
    return this.call("resource", [this.nameArg(name, ctx)], rng.shuffle(opts), ctx, block);
  }

  /** `only:` or `except:` with a few of `actions`: an array, or one symbol. */
  actionList(actions) {
    const rng = this.rng;
    const key = rng.chance(0.7) ? "only" : "except";
    const picked = rng.sample(actions, rng.between(1, 4));
    const asSym = rng.chance(0.85);
    const one = (a) => (asSym ? sym(a) : str(a));
    return [key, picked.length === 1 && rng.chance(0.5) ? one(picked[0]) : arr(picked.map(one))];
  }

  concernList() {
    const names = this.rng.sample(this.gen.concerns, this.rng.between(1, Math.min(2, this.gen.concerns.length))).map((c) => sym(c.name));
    return names.length === 1 && this.rng.chance(0.5) ? names[0] : arr(names);
  }

  memberOrCollection(ctx) {
    const which = this.rng.chance(0.5) ? "member" : "collection";
    const block = this.nested(ctx, { kind: "mc" }, this.rng.between(1, 3));
    return this.call(which, [], [], ctx, block ?? { lines: [`get :${this.rng.pick(W.CUSTOM_ACTIONS)}`] });
  }

  /** Inside member/collection: `post :publish`, `get "preview"`, with `as:`/`path:` at times. */
  actionRoute(ctx) {
    const rng = this.rng;
    const v = this.takeVar(ctx, "action");
    const action = v ?? rng.pick(W.CUSTOM_ACTIONS);
    const opts = [];
    if (rng.chance(0.1) && ctx.explicitNames) opts.push(["as", sym(this.gen.routeName())]);
    if (rng.chance(0.1)) opts.push(["path", str(v ? "act" : action.replace(/_/g, "-"))]);
    if (rng.chance(0.05)) opts.push(["action", sym(rng.pick(W.CUSTOM_ACTIONS))]);
    return this.call(rng.weighted(VERBS), [this.nameArg(action, ctx)], opts, ctx);
  }

  /** In a resource's scope: `get :search, on: :collection`. */
  onRoute(ctx) {
    const rng = this.rng;
    const v = this.takeVar(ctx, "action");
    const action = v ?? rng.pick(W.CUSTOM_ACTIONS);
    const on = rng.weighted([[3, "member"], [3, "collection"], [ctx.kind === "res" ? 0.5 : 0, "new"], [1, null]]);
    const opts = on ? [["on", sym(on)]] : [];
    if (rng.chance(0.1) && ctx.explicitNames) opts.push(["as", sym(this.gen.routeName())]);
    if (rng.chance(0.06)) opts.push(["to", str(`${this.controllerName()}#${rng.pick(W.CUSTOM_ACTIONS)}`)]);
    return this.call(rng.weighted(VERBS), [this.nameArg(action, ctx)], rng.shuffle(opts), ctx);
  }

  concernsCall(ctx) {
    const names = this.rng.sample(this.gen.concerns, this.rng.between(1, Math.min(2, this.gen.concerns.length)));
    const args = this.rng.chance(0.3) ? [this.ex.code(arr(names.map((c) => sym(c.name))), ctx)] : names.map((c) => this.ex.code(sym(c.name), ctx));
    const withOptions = names.every((c) => c.options) && this.rng.chance(0.5);
    return this.call("concerns", args, withOptions ? [this.actionList(W.STANDARD_ACTIONS)] : [], ctx);
  }

  // --- scopes --------------------------------------------------------------------------

  namespace(ctx, o = {}) {
    const rng = this.rng;
    const v = o.name ?? this.takeVar(ctx, "word");
    const name = v ?? this.gen.word();
    const opts = [];
    if (rng.chance(0.15)) opts.push(["path", str(rng.chance(0.5) ? this.pathWord() : `${this.pathWord()}-area`)]);
    if (rng.chance(0.1) && ctx.explicitNames) opts.push(["as", str(this.gen.word())]);
    if (rng.chance(0.1)) opts.push(["module", str(this.gen.word())]);
    if (rng.chance(0.05)) opts.push(["shallow_path", str("sh")]);
    const block = o.block ?? this.nested(ctx, { kind: "scope", nameScope: true });
    return this.call("namespace", [this.nameArg(name, ctx)], opts, ctx, block ?? { lines: [`resources :${this.gen.noun()[1]}`] });
  }

  scope(ctx, o = {}) {
    const rng = this.rng;
    const v = o.name ?? this.takeVar(ctx, "word");
    const args = [];
    const opts = [];
    let nameScope = false;
    let controller = false;
    const form = v ? rng.pick(["path", "options"]) : rng.weighted([[3, "path"], [2, "options"], [1, "locale"], [1, "param"], [1, "controller"]]);
    const asStr = (x) => (isSymbolic(x) ? { ...x, t: "str" } : x);
    if (form === "path") args.push(this.ex.code(v ? asStr(v) : str(this.gen.word()), ctx));
    if (form === "locale") {
      args.push(this.ex.code(str("(:locale)"), ctx));
      opts.push(["locale", rng.chance(0.7) ? re("en|fr|de") : re("[a-z]{2}")]);
    }
    if (form === "param") {
      const p = rng.pick(["account_id", "team_id", "org"]);
      args.push(this.ex.code(str(`:${p}`), ctx));
      if (rng.chance(0.6) && ctx.explicitNames) {
        opts.push(["as", str(p.replace(/_id$/, ""))]);
        nameScope = true;
      }
    }
    if (form === "options" || (form === "path" && rng.chance(0.3))) {
      const word = v && form === "options" ? asStr(v) : str(this.gen.word());
      if (rng.chance(0.5) && !args.length) opts.push(["path", word]);
      if (rng.chance(0.5)) opts.push(["module", word]);
      if (rng.chance(0.5) && (ctx.explicitNames || v)) {
        opts.push(["as", v ? word : str(this.gen.word())]);
        nameScope = true;
      }
      if (!opts.length && !args.length) opts.push(["module", word]);
    }
    if (form === "controller") {
      opts.push(["controller", sym(this.controllerName().split("/").pop())]);
      controller = true;
    }
    if (rng.chance(0.08)) opts.push(["format", bool(false)]);
    if (rng.chance(0.05)) opts.push(["defaults", hash([[sym("format"), sym("json")]])]);
    const block = o.block ?? this.nested(ctx, { kind: "scope", nameScope, controller });
    return this.call("scope", args, opts, ctx, block ?? { lines: [`get "x", to: "x#x"`] });
  }

  constraintsBlock(ctx) {
    const rng = this.rng;
    const form = rng.weighted([[3, "hash"], [1, "lambda"], [1, "format"]]);
    const block = this.nested(ctx, { kind: ctx.kind, controller: ctx.controller }) ?? { lines: [] };
    if (form === "lambda") {
      const lambda = rng.pick(['->(req) { req.subdomain == "api" }', "lambda { |request| request.format == :json }", "->(_req) { true }", "proc { |r| r.host.present? }"]);
      return [`constraints(${lambda}) do`, ...indent(block.lines), "end"];
    }
    const pairs = form === "format" ? [[sym("format"), sym("json")]] : [[sym(rng.pick(["subdomain", "id", "host"])), rng.chance(0.5) ? str("api") : this.regexp()]];
    return [`constraints(${this.ex.code(hash(pairs), ctx)}) do`, ...indent(block.lines), "end"];
  }

  defaultsBlock(ctx) {
    const [k, v] = this.rng.pick([["format", sym("json")], ["page", int(1)], ["locale", str("en")]]);
    const block = this.nested(ctx, { kind: ctx.kind, controller: ctx.controller }) ?? { lines: [] };
    return this.call("defaults", [], [[k, v]], ctx, block);
  }

  controllerBlock(ctx) {
    const name = this.controllerName().split("/").pop();
    const block = this.nested(ctx, { kind: "scope", controller: true }) ?? { lines: [] };
    return this.call("controller", [this.ex.code(this.rng.chance(0.6) ? sym(name) : str(name), ctx)], [], ctx, block);
  }

  shallowBlock(ctx) {
    const block = this.nested(ctx, { kind: ctx.kind, controller: ctx.controller }) ?? { lines: [] };
    return this.call("shallow", [], [], ctx, block);
  }

  concern(ctx) {
    const rng = this.rng;
    const used = new Set(this.gen.concerns.map((c) => c.name));
    const name = CONCERN_NAMES.find((n) => !used.has(n)) ?? `concern_${used.size}`;
    const options = rng.chance(0.25);
    let block;
    if (options) block = { params: "options", lines: [`resources :${this.gen.noun()[1]}, options`] };
    else block = this.nested(ctx, { kind: "res", inLoop: true, controller: false }, rng.between(1, 2)) ?? { lines: [`get :${rng.pick(W.CUSTOM_ACTIONS)}, on: :collection`] };
    this.gen.concerns.push({ name, options });
    return this.call("concern", [this.ex.code(sym(name), ctx)], [], ctx, block);
  }

  // --- routes --------------------------------------------------------------------------

  /** get/post/…/match with a path and a target, outside member/collection. */
  route(ctx) {
    const rng = this.rng;
    const verb = rng.chance(0.15) ? "match" : rng.weighted(VERBS);
    const v = this.takeVar(ctx, "word") ?? this.takeVar(ctx, "int");
    const { path, params } = v ? this.varPath(v) : this.path();
    const opts = [];
    const form = rng.weighted([[6, "to"], [2, "rocket"], [1, "hash"], [ctx.controller ? 4 : 0, "controller"]]);
    let target = str(`${this.controllerName()}#${rng.pick([...W.CUSTOM_ACTIONS, "index", "show"])}`);
    if (v && v.role !== "int" && rng.chance(0.4)) target = symbolic("str", `"pages##{${v.code}}"`);
    const args = [];
    if (form === "rocket") args.push(`${this.ex.code(path, ctx)} => ${this.ex.code(target, ctx)}`);
    else if (form === "controller" && !isSymbolic(path)) args.push(this.ex.code(str(path.v.replace(/^\//, "").split("/")[0].replace(/[^a-z_]/g, "") || "page"), ctx));
    else args.push(this.ex.code(path, ctx));
    if (form === "to") opts.push(["to", target]);
    if (form === "hash") opts.push(["controller", str(this.controllerName())], ["action", str(rng.pick(W.CUSTOM_ACTIONS))]);
    if (form === "controller" && rng.chance(0.4)) opts.push(["action", sym(rng.pick(W.CUSTOM_ACTIONS))]);
    if (verb === "match") opts.push(["via", rng.pick([sym("get"), sym("post"), arr([sym("get"), sym("post")]), sym("all"), arr([sym("put"), sym("patch")])])]);
    if (rng.chance(0.25) && ctx.explicitNames) opts.push(["as", rng.chance(0.7) ? sym(this.gen.routeName()) : str(this.gen.routeName())]);
    if (params.length && rng.chance(0.3)) opts.push(["constraints", hash([[sym(rng.pick(params)), this.regexp()]])]);
    else if (params.length && rng.chance(0.15)) opts.push([rng.pick(params), this.regexp()]);
    if (rng.chance(0.1)) opts.push(["defaults", hash([[sym(rng.pick(["format", "page", "kind"])), rng.pick([sym("json"), int(1), str("all")])]])]);
    if (rng.chance(0.07)) opts.push(["format", bool(rng.chance(0.5))]);
    return this.call(verb, args, rng.shuffle(opts), ctx);
  }

  root(ctx) {
    this.gen.roots.add(ctx.nameScope);
    const target = str(`${this.controllerName()}#${this.rng.pick(["index", "home", "show", "welcome"])}`);
    const form = this.rng.int(3);
    if (form === 0) return this.call("root", [this.ex.code(target, ctx)], [], ctx);
    if (form === 1) return this.call("root", [], [["to", target]], ctx);
    const [c, a] = target.v.split("#");
    return this.call("root", [], [["controller", str(c)], ["action", str(a)]], ctx);
  }

  rootAllowed(ctx) {
    return !ctx.inLoop && !ctx.inDef && !this.gen.roots.has(ctx.nameScope);
  }

  redirect(ctx) {
    const rng = this.rng;
    const { path, params } = this.path();
    const to = `/${this.gen.word()}`;
    const p = params[0];
    const target = rng.weighted([
      [3, () => `redirect(${this.ex.code(str(p ? `${to}/%{${p}}` : to), ctx)})`],
      [1, () => `redirect(${this.ex.code(str(`https://example.com${to}`), ctx)})`],
      [1, () => `redirect(path: ${this.ex.code(str(to), ctx)})`],
      [1, () => `redirect(${this.ex.code(str(to), ctx)}, status: ${rng.pick([302, 307, 308])})`],
      [1, () => `redirect { |params, _request| ${p ? `"${to}/#{params[:${p}]}"` : dq(to)} }`],
      [0.5, () => `redirect(subdomain: "www")`],
    ])();
    const verb = rng.chance(0.15) ? "match" : "get";
    const opts = verb === "match" ? [["via", sym("all")]] : [];
    if (rng.chance(0.15) && ctx.explicitNames) opts.push(["as", sym(this.gen.routeName())]);
    if (rng.chance(0.3)) return this.call(verb, [`${this.ex.code(path, ctx)} => ${target}`], opts, ctx);
    return this.call(verb, [this.ex.code(path, ctx)], [["to", { raw: target }], ...opts], ctx);
  }

  mount(ctx) {
    const rng = this.rng;
    const app = this.gen.mountables.pop();
    const at = str(`/${this.pathWord()}`);
    const opts = [];
    if (rng.chance(0.2) && ctx.explicitNames) opts.push(["as", str(this.gen.routeName())]);
    if (rng.chance(0.5)) return this.call("mount", [`${app} => ${this.ex.code(at, ctx)}`], opts, ctx);
    return this.call("mount", [app], [["at", at], ...opts], ctx);
  }

  /** A statement Rails raises on (the comparison then is of the error and the routes before it). */
  deliberateError(ctx) {
    const rng = this.rng;
    const name = this.gen.routeName();
    const inResource = ctx.kind === "res" || ctx.kind === "res1" || ctx.kind === "mc";
    const forms = [
      () => [`get "dup_a", to: "pages#a", as: :${name}`, `get "dup_b", to: "pages#b", as: :${name}`],
      () => (!inResource && !ctx.controller ? [`get "no_controller"`] : [`get "x", to: "pages#x", as: "1bad"`]),
      () => [`get "x/:id", to: "pages#x", constraints: { id: /\\A\\d+\\z/ }`],
      () => [`concerns :missing_concern`],
      () => (inResource ? [`get "x", to: "Pages#x"`] : [`member do`, `  get :x`, `end`]),
      () => [`match "m", to: "pages#m"`],
      () => [`mount ${this.gen.mountables.pop() ?? "OtherApp"}`],
      () => [`resources :posts, only: [:index], constraints: { id: /[a-z]+$/ }`],
    ];
    return rng.pick(forms)();
  }

  // --- parts ---------------------------------------------------------------------------

  /** A name argument: a loop's variable (as a symbol or a string), or the word as either. */
  nameArg(name, ctx) {
    const rng = this.rng;
    if (isSymbolic(name)) return this.ex.code({ ...name, t: rng.chance(0.6) ? name.base : rng.pick(["sym", "str"]) }, ctx);
    return this.ex.code(rng.chance(0.7) ? sym(name) : str(name), ctx);
  }

  /** A path: static words, dynamic segments, an optional group, a glob. */
  path() {
    const rng = this.rng;
    const segments = [];
    const params = [];
    const n = rng.between(1, 3);
    for (let i = 0; i < n; i++) {
      if (i > 0 && rng.chance(0.3)) {
        const p = rng.pick(W.PARAMS.filter((x) => !params.includes(x)));
        params.push(p);
        segments.push(`:${p}`);
      } else segments.push(rng.chance(0.2) ? `${this.pathWord()}-${rng.pick(W.CUSTOM_ACTIONS).replace(/_/g, "-")}` : this.pathWord());
    }
    let path = segments.join("/");
    if (rng.chance(0.08)) {
      const p = rng.pick(W.PARAMS.filter((x) => !params.includes(x)));
      params.push(p);
      path += `(/:${p})`;
    }
    if (rng.chance(0.06)) {
      params.push("rest");
      path += "/*rest";
    }
    if (rng.chance(0.3)) path = `/${path}`;
    return { path: str(path), params };
  }

  /** A path made of a loop's variable. */
  varPath(v) {
    const rng = this.rng;
    const code = v.role === "int" ? rng.pick([`"page#{${v.code}}"`, `"v#{${v.code}}/items"`, `"step-#{${v.code}}"`]) : rng.pick([`"#{${v.code}}"`, `"#{${v.code}}/${this.pathWord()}"`, `"${this.pathWord()}/#{${v.code}}"`]);
    return { path: symbolic("str", code), params: [] };
  }

  pathWord() {
    return this.rng.chance(0.5) ? this.rng.pick(W.WORDS) : this.rng.pick(W.PLURALS)[this.rng.int(2)];
  }

  controllerName() {
    const rng = this.rng;
    const noun = rng.pick(W.PLURALS)[1];
    return rng.weighted([[5, noun], [1, `${rng.pick(["admin", "api/v1", "billing"])}/${noun}`], [1, rng.pick(["pages", "home", "dashboard", "static"])]]);
  }

  regexp() {
    const [src, flags] = this.rng.pick(W.REGEXPS);
    return re(src, flags);
  }
}
