/**
 * Polymorphic targets: a record (or an array of symbols and records) where a URL is wanted
 * (`redirect_to @post`, `link_to "x", [:admin, @post]`, `form_with model: Post.new`,
 * `polymorphic_path(@post)`), and the URL helper Rails calls for it. Follows actionpack's
 * routing/polymorphic_routes.rb (`HelperMethodBuilder#handle_list`, `polymorphic_mapping`) and
 * activemodel's naming.rb (`ActiveModel::Name`: `route_key`, `singular_route_key`).
 *
 * A record's class is known only where the code says it: a local or instance variable assigned
 * from `Model.find…`/`Model.new…` (an instance variable of a controller: every assignment in the
 * file agrees), or the expression itself (`Post.new`, `Post`). Its naming is known only when the
 * model's file and its superclasses' are read and none can change it (`model_name`, `to_model`,
 * an included module Routemap does not read). Whether a record is persisted decides between
 * `post_path` and `posts_path`: only a record found (`find`, `find_by!`…) is said to be, and only
 * `Model.new` written in the target itself is said not to be; any other is either, and then
 * either helper will do. An array of symbols only (`[:admin, :dashboard]`) is a target too.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { childrenOf, constantPathText, indexedWrites, programIndex } from "../ruby/walk.js";
import type { Diagnostic, Span } from "../types.js";
import type { RunCondition } from "./runConditions.js";

/** A record of the target: its class, and how Routemap knows it. */
export interface PolymorphicRecord {
  className: string;
  /** `@post = Post.find(params[:id])`, line 3 (0-based). */
  how: string;
  line: number;
  persisted: boolean | "either";
  /** Where `line` is, when not in the file of the target (a template's action, `app/controllers/posts_controller.rb`). */
  file?: string;
  /** Written as the class itself (`Post`): Rails takes the plural route key. */
  isClass: boolean;
}

export interface PolymorphicTarget {
  /** The call taking the target (`redirect_to`, `link_to`, `form_with`…). */
  call: string;
  span: Span;
  records: PolymorphicRecord[];
  /** The helpers Rails may call, one for each way the records may be; any one defined will do. */
  helpers: string[];
  /** Written as an array (`[:admin, @post]`): `resolve` declarations do not apply. */
  list: boolean;
  /** Each element and what it puts in the helper's name: a symbol as written, a record one of its route keys. */
  elements: { span: Span; symbol?: string; keys: string[] }[];
  /** What the helper's name has around the elements (`edit_`, `_path`). */
  prefix: string;
  suffix: string;
}

/** How a model is named in routes, or undefined when Routemap cannot be sure. */
export type ModelNaming = (className: string) => { singularRouteKey: string; routeKey: string } | undefined;

/** Finders whose record is persisted; any other class method making a record may give a new one. */
const FOUND = new Set(["find", "find_by!", "find_sole_by", "sole", "first!", "last!", "take!", "second!", "third!", "create!", "find_or_create_by!", "find_signed!"]);
const MADE = new Set(["new", "build", "create", "find_or_create_by", "find_or_initialize_by", "create_or_find_by"]);

/** Where each URL-taking call takes its target, and the suffix of the helper it calls there. */
function targetOf(call: N.CallNode, view: boolean): { node: N.Node; suffix: "path" | "url"; prefix: string } | undefined {
  const args = call.arguments_?.arguments_ ?? [];
  const block = call.block instanceof N.BlockNode;
  const at = (i: number) => args[i];
  const pathOrUrl = view ? "path" : "url";
  switch (call.name) {
    case "redirect_to":
      return args[0] ? { node: args[0], suffix: "url", prefix: "" } : undefined;
    case "url_for":
      return args[0] ? { node: args[0], suffix: pathOrUrl, prefix: "" } : undefined;
    case "link_to":
    case "button_to":
    case "link_to_unless_current":
      return at(block ? 0 : 1) ? { node: at(block ? 0 : 1)!, suffix: "path", prefix: "" } : undefined;
    case "link_to_if":
    case "link_to_unless":
      return at(2) ? { node: at(2)!, suffix: "path", prefix: "" } : undefined;
    case "polymorphic_path":
    case "polymorphic_url":
    case "edit_polymorphic_path":
    case "edit_polymorphic_url":
    case "new_polymorphic_path":
    case "new_polymorphic_url": {
      const options = args[1];
      if (options && !(options instanceof N.KeywordHashNode || options instanceof N.HashNode)) return undefined;
      if (options && options.elements.some((e) => !(e instanceof N.AssocNode) || (e.key instanceof N.SymbolNode && (e.key.unescaped.value === "action" || e.key.unescaped.value === "routing_type")))) return undefined;
      const [, prefix, suffix] = /^(edit_|new_)?polymorphic_(path|url)$/.exec(call.name)!;
      return args[0] ? { node: args[0], suffix: suffix as "path" | "url", prefix: prefix ?? "" } : undefined;
    }
    case "form_with":
    case "form_for": {
      const last = args[args.length - 1];
      const pairs = last instanceof N.KeywordHashNode || last instanceof N.HashNode ? last.elements : [];
      const key = (name: string) => pairs.find((e): e is N.AssocNode => e instanceof N.AssocNode && e.key instanceof N.SymbolNode && e.key.unescaped.value === name);
      if (key("url") || pairs.some((e) => !(e instanceof N.AssocNode))) return undefined;
      const model = call.name === "form_with" ? key("model")?.value : args[0] !== last || !pairs.length ? args[0] : undefined;
      return model ? { node: model, suffix: "path", prefix: "" } : undefined;
    }
  }
  return undefined;
}

/** A variable's assignments in a scope: the record's class when every one agrees. */
export interface Assigned {
  record?: Omit<PolymorphicRecord, "isClass">;
  conflicting: boolean;
}

/** The record a `Model.find…`/`Model.new…` expression makes, if it is one. */
function recordOf(node: N.Node): Omit<PolymorphicRecord, "isClass" | "how" | "line"> | undefined {
  if (!(node instanceof N.CallNode) || !node.receiver || node.block instanceof N.BlockArgumentNode) return undefined;
  const className = topLevel(constantPathText(node.receiver));
  if (!className) return undefined;
  if (FOUND.has(node.name)) return { className, persisted: true };
  if (MADE.has(node.name)) return { className, persisted: "either" };
  return undefined;
}

/**
 * Every write of each variable in a tree (not into nested `def`s, which are other scopes). Where
 * the reader listed the program's writes (walk.ts `indexedWrites`), the tree is not walked:
 * the list, from its end, is the walk's order, and a `def`'s are those whose innermost `def` it
 * is. A walk of each file's tree for them was most of the polymorphic targets' time on a large
 * app's first `check` (docs/benchmarks.md).
 */
export function assignments(root: N.Node, file: LoadedFile, into: Map<string, Assigned>, o: { ivarsOnly?: boolean; crossDefs?: boolean }): void {
  const listed = file.program instanceof N.ProgramNode ? indexedWrites(file.program) : undefined;
  if (listed && (root === file.program || (root instanceof N.DefNode && !o.crossDefs))) {
    const { nodes, scopes } = listed;
    for (let i = nodes.length - 1; i >= 0; i--) {
      if (root === file.program ? !o.crossDefs && scopes[i] !== undefined : scopes[i] !== root) continue;
      noteWrite(nodes[i], file, into, o);
    }
    return;
  }
  const stack: N.Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node !== root && node instanceof N.DefNode && !o.crossDefs) continue;
    noteWrite(node, file, into, o);
    for (const child of childrenOf(node)) stack.push(child);
  }
}

/** What one node of `assignments`' walk writes, if anything (the node types walk.ts's `WRITE_TYPES` lists). */
function noteWrite(node: N.Node, file: LoadedFile, into: Map<string, Assigned>, o: { ivarsOnly?: boolean }): void {
  const write =
    node instanceof N.InstanceVariableWriteNode || node instanceof N.InstanceVariableOrWriteNode || (!o.ivarsOnly && (node instanceof N.LocalVariableWriteNode || node instanceof N.LocalVariableOrWriteNode))
      ? node
      : undefined;
  const other = node instanceof N.InstanceVariableOperatorWriteNode || node instanceof N.InstanceVariableAndWriteNode || node instanceof N.LocalVariableOperatorWriteNode || node instanceof N.LocalVariableAndWriteNode || node instanceof N.MultiWriteNode;
  if (write) note(into, write.name, recordOf(write.value), file, write);
  // A parameter (of a block or method) is a value Routemap cannot know, and may shadow a variable.
  else if (node instanceof N.ParametersNode || node instanceof N.BlockParametersNode) for (const name of parameterNames(node)) note(into, name, undefined, file, node);
  else if (other) {
    for (const target of node instanceof N.MultiWriteNode ? [...node.lefts, ...(node.rest ? [node.rest] : []), ...node.rights] : [node]) {
      const name = "name" in target && typeof target.name === "string" ? target.name : undefined;
      if (name) note(into, name, undefined, file, node);
    }
  }
}

/** The names a parameter list binds (Prism's child lists of parameters leave some out: read the fields). */
function parameterNames(node: N.ParametersNode | N.BlockParametersNode): string[] {
  if (node instanceof N.BlockParametersNode) return [...(node.parameters ? parameterNames(node.parameters) : []), ...node.locals.map((l) => (l as N.BlockLocalVariableNode).name)];
  const names: string[] = [];
  const add = (p: N.Node | null) => {
    if (!p) return;
    if (p instanceof N.MultiTargetNode) for (const t of [...p.lefts, ...(p.rest ? [p.rest] : []), ...p.rights]) add(t);
    else if (p instanceof N.SplatNode) add(p.expression);
    else {
      const name = (p as { name?: unknown }).name;
      if (typeof name === "string") names.push(name);
    }
  };
  for (const p of [...node.requireds, ...node.optionals, node.rest, ...node.posts, ...node.keywords, node.keywordRest, node.block]) add(p);
  return names;
}

function note(into: Map<string, Assigned>, name: string, record: Omit<PolymorphicRecord, "isClass" | "how" | "line"> | undefined, file: LoadedFile, node: N.Node): void {
  const seen = into.get(name) ?? { conflicting: false };
  into.set(name, seen);
  if (!record || (seen.record && seen.record.className !== record.className)) {
    seen.conflicting = true;
    return;
  }
  // Two assignments of one class: persisted only when both are.
  if (seen.record) {
    seen.record = { ...seen.record, persisted: seen.record.persisted !== record.persisted ? "either" : record.persisted };
    return;
  }
  // The first assignment is the one cited: its line and text are worked out for it alone.
  const loc = node.location;
  const line = file.index.span(loc.startOffset, loc.startOffset).start.line;
  // Its first line (a `split` went over the whole of a long value).
  const text = file.index.slice(loc.startOffset, loc.startOffset + loc.length);
  const how = text.includes("\n") ? text.slice(0, text.indexOf("\n")) : text;
  seen.record = { ...record, how, line };
}

/**
 * What a target is before its models' naming is known: a fact of the file's text (and, for a
 * template, of its action's assignments) kept per file (`RouteMapper.fileUses`);
 * `resolveCandidate` gives its helpers from the naming.
 */
export interface PolymorphicCandidate {
  call: string;
  span: Span;
  /** Each element: a symbol as written, or the record Routemap knows it is. */
  parts: (string | PolymorphicRecord)[];
  spans: Span[];
  list: boolean;
  prefix: string;
  suffix: string;
  /** What must hold for the code to run, where decidable without a request (runConditions.ts). */
  when?: RunCondition[];
}

/**
 * The polymorphic targets of a file whose records' classes are known. In a controller's file
 * (`controller`), an instance variable is known where the method itself or one of the file's
 * `before_action` methods assigns it, and every assignment of it in the file agrees.
 */
export function polymorphicTargets(file: LoadedFile, o: { view: boolean; controller: boolean; naming: ModelNaming; assigns?: ReadonlyMap<string, Assigned> }): PolymorphicTarget[] {
  return polymorphicCandidates(file, o).flatMap((c) => resolveCandidate(c, o.naming) ?? []);
}

/** The targets of a file whose records' classes are known, their naming not yet worked out (`polymorphicTargets`). */
export function polymorphicCandidates(file: LoadedFile, o: { view: boolean; controller: boolean; assigns?: Pick<ReadonlyMap<string, Assigned>, "get"> }): PolymorphicCandidate[] {
  const out: PolymorphicCandidate[] = [];
  // The file's assignments are read only when a target names a variable: most URL-taking calls
  // name a helper or a hash (`link_to "x", posts_path`), and reading every scope's assignments
  // up front was most of this function's time in a large app's first `check` (docs/benchmarks.md).
  let fileIvars: Map<string, Assigned> | undefined;
  let callbacks: Set<string> | undefined;
  const ivars = () => {
    if (!fileIvars) assignments(file.program, file, (fileIvars = new Map()), { ivarsOnly: true, crossDefs: true });
    return fileIvars;
  };
  // Each scope's assignments, read once: a method's are asked for its callbacks' and for its own targets.
  const scopeVars = new Map<N.Node, Map<string, Assigned>>();
  const varsOf = (scope: N.Node) => {
    let vars = scopeVars.get(scope);
    if (!vars) {
      scopeVars.set(scope, (vars = new Map()));
      assignments(scope, file, vars, {});
    }
    return vars;
  };
  // The callbacks' assignments.
  let assignedBy: Map<string, Set<string>> | undefined;
  const assignedByOf = () => {
    if (assignedBy) return assignedBy;
    assignedBy = new Map();
    for (const def of defs) assignedBy.set(def.name, new Set([...varsOf(def).keys()].filter((k) => k.startsWith("@"))));
    return assignedBy;
  };
  const lookupIn = (scope: N.Node) => (name: string, isIvar: boolean) => {
    const vars = varsOf(scope);
    // A template's instance variable it does not set itself: its action's (viewAssigns.ts).
    if (isIvar && !o.controller && o.assigns && !vars.has(name)) return o.assigns.get(name);
    if (!isIvar || !o.controller) return vars.get(name);
    callbacks ??= new Set(callbackNames(calls));
    const set = vars.has(name) || [...callbacks].some((c) => assignedByOf().get(c)?.has(name));
    return set ? ivars().get(name) : undefined;
  };
  // The URL-taking calls from the calls the tree lists once (walk.ts `programIndex`), by scope:
  // the top level's first, then each method's in source order, as a walk of each scope would
  // find them. A file with none (most controllers and helpers) is walked no further; a walk
  // per scope was a tenth of a large app's first `check` in its worker (docs/benchmarks.md).
  const { calls, scopes, defs } = programIndex(file.program);
  const found = new Map<N.Node, { call: N.CallNode; target: { node: N.Node; suffix: "path" | "url"; prefix: string } }[]>();
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i];
    const target = call.receiver ? undefined : targetOf(call, o.view);
    if (!target) continue;
    const scope = scopes[i] ?? file.program;
    let list = found.get(scope);
    if (!list) found.set(scope, (list = []));
    list.push({ call, target });
  }
  if (!found.size) return out;
  for (const scope of [file.program, ...defs]) {
    const lookup = lookupIn(scope);
    for (const { call, target } of found.get(scope) ?? []) {
      const candidate = candidateOf(target, call.name, file, lookup);
      if (candidate) out.push(candidate);
    }
  }
  return out;
}

/** Methods a controller's file names in `before_action` (and its aliases), in no particular order. */
function callbackNames(calls: readonly N.CallNode[]): string[] {
  const names: string[] = [];
  for (const node of calls) {
    if (!node.receiver && /^(?:prepend_|append_)?before_action$|^before_filter$/.test(node.name)) {
      for (const arg of node.arguments_?.arguments_ ?? []) if (arg instanceof N.SymbolNode) names.push(arg.unescaped.value);
    }
  }
  return names;
}

function candidateOf(
  target: { node: N.Node; suffix: string; prefix: string },
  call: string,
  file: LoadedFile,
  lookup: (name: string, isIvar: boolean) => Assigned | undefined,
): PolymorphicCandidate | undefined {
  const elements = target.node instanceof N.ArrayNode ? target.node.elements : [target.node];
  if (!elements.length) return undefined;
  const parts: (string | PolymorphicRecord)[] = [];
  for (const element of elements) {
    if (element instanceof N.SymbolNode) parts.push(element.unescaped.value);
    else {
      const record = recordAt(element, file, lookup);
      if (!record) return undefined;
      parts.push(record);
    }
  }
  const list = target.node instanceof N.ArrayNode;
  // An array of symbols only (`[:admin, :dashboard]`) names its helper outright (`handle_list`); a form's model must be a record.
  if (!parts.some((p) => typeof p !== "string") && (!list || call === "form_with" || call === "form_for")) return undefined;
  const spans = elements.map((e) => file.index.span(e.location.startOffset, e.location.startOffset + e.location.length));
  const loc = target.node.location;
  return { call, span: file.index.span(loc.startOffset, loc.startOffset + loc.length), parts, spans, list, prefix: target.prefix, suffix: target.suffix };
}

/** A candidate's helpers, given its models' naming; undefined when a record's naming is not known. */
export function resolveCandidate(candidate: PolymorphicCandidate, naming: ModelNaming): PolymorphicTarget | undefined {
  const { parts, spans } = candidate;
  const records = parts.filter((p): p is PolymorphicRecord => typeof p !== "string");
  const names: string[][] = [[]];
  const described: PolymorphicTarget["elements"] = [];
  for (const [i, part] of parts.entries()) {
    if (typeof part === "string") {
      for (const n of names) n.push(part);
      described.push({ span: spans[i], symbol: part, keys: [part] });
      continue;
    }
    const keys = naming(part.className);
    if (!keys) return undefined;
    const last = i === parts.length - 1;
    // `handle_list`: parents and persisted records by their singular key; the last record, when
    // a class or new, by the builder's key strategy: singular for `new_` (`new_post_path`), else plural.
    const options =
      !last || candidate.prefix === "new_"
        ? [keys.singularRouteKey]
        : part.isClass
          ? [keys.routeKey]
          : part.persisted === true
            ? [keys.singularRouteKey]
            : part.persisted === false
              ? [keys.routeKey]
              : [keys.singularRouteKey, keys.routeKey];
    described.push({ span: spans[i], keys: options });
    const grown: string[][] = [];
    for (const n of names) for (const key of options) grown.push([...n, key]);
    names.splice(0, names.length, ...grown);
  }
  const helpers = [...new Set(names.map((n) => `${candidate.prefix}${n.join("_")}_${candidate.suffix}`))];
  return {
    call: candidate.call,
    span: candidate.span,
    records,
    helpers,
    list: candidate.list,
    elements: described,
    prefix: candidate.prefix,
    suffix: candidate.suffix,
  };
}

function recordAt(node: N.Node, file: LoadedFile, lookup: (name: string, isIvar: boolean) => Assigned | undefined): PolymorphicRecord | undefined {
  const className = topLevel(constantPathText(node));
  if (className) return { className, how: className, line: -1, persisted: "either", isClass: true };
  if (node instanceof N.InstanceVariableReadNode || node instanceof N.LocalVariableReadNode) {
    const assigned = lookup(node.name, node instanceof N.InstanceVariableReadNode);
    return assigned && !assigned.conflicting && assigned.record ? { ...assigned.record, isClass: false } : undefined;
  }
  const made = recordOf(node);
  if (!made) return undefined;
  // Written in the target itself, `Model.new` is new for sure (`new_record?`): a variable may be saved first.
  if (node instanceof N.CallNode && node.name === "new") made.persisted = false;
  const loc = node.location;
  return { ...made, how: file.index.slice(loc.startOffset, loc.startOffset + loc.length).split("\n")[0], line: file.index.span(loc.startOffset, loc.startOffset).start.line, isClass: false };
}

/** `::Post` → `Post`: the constant from the top level, as a model's name has it. */
const topLevel = (name: string | undefined) => name?.replace(/^::/, "");

/**
 * Errors for targets whose every possible helper is undefined (Rails raises NoMethodError
 * when the line runs). A lone record of a class with a `resolve` declaration uses it instead.
 */
export function polymorphicDiagnostics(targets: readonly PolymorphicTarget[], o: { known: (helper: string) => boolean; resolved: ReadonlySet<string> }): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const target of targets) {
    // `polymorphic_mapping` is asked for the target itself, whatever the prefix: a lone record or class.
    if (!target.list && o.resolved.has(target.records[0].className)) continue;
    if (target.helpers.some(o.known)) continue;
    const record = target.records[target.records.length - 1];
    const where = record && record.line >= 0 ? `, ${record.file ? `${record.file} ` : ""}line ${record.line + 1}` : "";
    const why = !record || record.isClass ? "" : ` (the record is a ${record.className}: \`${record.how}\`${where})`;
    const helpers = target.helpers.map((h) => `\`${h}'`).join(" or ");
    out.push({
      severity: "error",
      code: "unknown-polymorphic-helper",
      span: target.span,
      message: `undefined method ${helpers}: \`${target.call}\` calls it for this target${why}, and no route, direct helper or method defines it`,
      data: { helper: target.helpers[0] },
    });
  }
  return out;
}

/**
 * For a symbol of an array target being typed (`[:adm, @post]`), the symbols that would make a
 * helper the table defines (`:admin` when `admin_post_path` exists): `known` lists the names.
 */
export function symbolsCompleting(target: PolymorphicTarget, index: number, known: Iterable<string>): string[] {
  const before = combos(target.elements.slice(0, index));
  const after = combos(target.elements.slice(index + 1));
  const found = new Set<string>();
  for (const name of known) {
    if (!name.startsWith(target.prefix) || !name.endsWith(`_${target.suffix}`)) continue;
    const body = name.slice(target.prefix.length, name.length - target.suffix.length - 1);
    for (const head of before) {
      if (head && !body.startsWith(`${head}_`)) continue;
      const rest = head ? body.slice(head.length + 1) : body;
      for (const tail of after) {
        if (tail && !rest.endsWith(`_${tail}`)) continue;
        const symbol = tail ? rest.slice(0, rest.length - tail.length - 1) : rest;
        if (/^[a-z_][a-z0-9_]*$/.test(symbol)) found.add(symbol);
      }
    }
  }
  return [...found].sort();
}

/** Every way some elements may be written into a name, joined (`["admin_post", "admin_posts"]`). */
function combos(elements: PolymorphicTarget["elements"]): string[] {
  let out = [""];
  for (const e of elements) out = out.flatMap((head) => e.keys.map((k) => (head ? `${head}_${k}` : k)));
  return out;
}
