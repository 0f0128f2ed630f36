/**
 * What jsonapi-resources' routing methods read of the app's resource classes, read without
 * running them (cerebris/jsonapi-resources v0.10.7 lib/jsonapi/basic_resource.rb, the same in
 * 0.10.0–0.10.7; 0.9's `resource_for` finds classes the same way):
 *
 * - `JSONAPI::Resource.resource_klass_for("api/v1/crops")`: `"api/v1/crop_resource".camelize`,
 *   `safe_constantize`d: the class `Api::V1::CropResource`, where Rails' autoloader finds it.
 * - `inherited`: a subclass starts with `immutable(false)` and `abstract(false)`, copies its
 *   parent's relationships, singleton and key type (as they stand when the subclass is
 *   defined), and not its `routing_options`; its `_type` is its own name, demodulized, without
 *   `Resource`, underscored and pluralized.
 * - The class body's `has_many`/`has_one`/`belongs_to`/`relationship` (name, `class_name:`,
 *   `polymorphic:`; a to-one's class name is the name camelized, a to-many's also
 *   singularized), `immutable`, `key_type`, `routing_options`.
 *
 * - `include M` of the app's modules: what including them does to the class (an
 *   `ActiveSupport::Concern`'s `included` block and `class_methods`; instance methods change
 *   nothing the routes read).
 *
 * Anything in a class body that could change those (a method the gem does not define, a module
 * Routemap cannot read, a `def self.` of a name the routes read, a condition) leaves the class
 * unknown, with the place and why: only the routes that depend on it are left out.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { camelize, pluralize, singularize, underscore } from "../inflector.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { RHash, RRegexp, RSymbol, RUnknown, RValue, sym } from "../ruby/values.js";
import { childrenOf, constantPathText, definitionsOf, lexicalCandidates } from "../ruby/walk.js";
import { configureParameter, isConfiguration, isConstant } from "./configureBlocks.js";

export interface Relationship {
  name: string;
  toMany: boolean;
  /** `class_name:` or its default; undefined when Routemap cannot read it (with why). */
  className: string | undefined;
  polymorphic: boolean | undefined;
  /** Why `className`/`polymorphic` are not known: the option as written. */
  unread?: string;
}

export interface ResourceClass {
  name: string;
  /** `_type`: `Api::V1::CropResource` → `crops`. */
  type: string;
  immutable: boolean;
  /** `key_type` set on the class or inherited; undefined: `JSONAPI.configuration.resource_key_type`. */
  keyType: RValue | undefined;
  routingOptions: RHash;
  relationships: Map<string, Relationship>;
  /**
   * What the class may change that Routemap cannot read, by what it changes, each with why:
   * `options` (`immutable`, `key_type`, `routing_options`: the resource's own routes) and
   * `relationships` (the relationship routes). The rest of the class is known.
   */
  unread?: { options?: string; relationships?: string };
}

/** Which part of a class a method routing_ext.rb reads belongs to: a `def self.` of it leaves only that part unknown. */
const PART_OF: Record<string, keyof NonNullable<ResourceClass["unread"]>> = {
  routing_resource_options: "options", routing_options: "options", _immutable: "options", immutable: "options", "mutable?": "options",
  resource_key_type: "options", key_type: "options",
  _relationships: "relationships", _relationship: "relationships", has_many: "relationships", has_one: "relationships",
  belongs_to: "relationships", relationship: "relationships", _add_relationship: "relationships", rebuild_relationships: "relationships",
};

function markUnread(klass: ResourceClass, part: keyof NonNullable<ResourceClass["unread"]>, why: string): void {
  klass.unread ??= {};
  klass.unread[part] ??= why;
}

export type Found = { klass: ResourceClass } | { why: string };

/** Where classes are, and how to evaluate an argument a literal read cannot. */
export interface ClassReader {
  /** The file Rails' autoloader would load for the class `path`, if the host has it. */
  classFile(path: string): LoadedFile | undefined;
  evaluate?(file: LoadedFile, node: N.Node): RValue;
  relative(file: LoadedFile): string;
}

/** The gem's own resource classes: where a chain of superclasses ends. */
const ROOTS = new Set(["JSONAPI::Resource", "JSONAPI::ActiveRelationResource", "JSONAPI::BasicResource"]);

/** Class methods that change nothing the routes read (the gem's, ActiveSupport::Callbacks', Ruby's). */
const QUIET = new Set([
  "attribute", "attributes", "filter", "filters", "sort", "sorts", "primary_key", "cache_field", "paginator",
  "polymorphic", "abstract", "exclude_links", "caching", "model_name", "model_hint", "singleton",
  "define_jsonapi_resources_callbacks", "private", "protected", "public", "private_class_method",
  "attr_accessor", "attr_reader", "attr_writer", "delegate", "require", "require_relative",
]);

/** What routing_ext.rb reads of a class (`res.x`): a `def self.` of one of these is not followed. */
const READ = new Set([
  "routing_resource_options", "routing_options", "_immutable", "immutable", "mutable?", "resource_key_type", "key_type",
  "_relationships", "_relationship", "_type", "singleton?", "resource_klass_for", "_resource_name_from_type", "module_path",
  "inherited", "has_many", "has_one", "belongs_to", "relationship", "_add_relationship", "rebuild_relationships",
]);

/** `resource_klass_for(type)`'s class name: `"#{type.underscore.singularize}_resource".camelize`. */
export const resourceClassName = (type: string): string => camelize(`${singularize(underscore(type))}_resource`);

/** The class `resource_klass_for(type)` finds, as its body and its superclasses leave it. */
export function resourceKlassFor(type: string, reader: ClassReader): Found {
  return readClass(resourceClassName(type), reader, 0);
}

function readClass(name: string, reader: ClassReader, depth: number): Found {
  if (depth > 16) return { why: `the superclasses of ${name} go deeper than Routemap follows` };
  const file = reader.classFile(name);
  if (!file) return { why: `${name} is not where Rails' autoloader would find it (${underscore(name)}.rb under an autoload folder such as app/resources)` };
  const found = definitionsOf(file.program, name, N.ClassNode)[0];
  if (!found) return { why: `${reader.relative(file)} does not define the class ${name} where Routemap can see it` };
  const parent = superclassOf(found, reader, depth);
  if ("why" in parent) return parent;
  const base = parent.klass;
  const klass: ResourceClass = {
    name,
    type: pluralize(underscore(name.replace(/.*::/, "").replace(/Resource$/, ""))),
    immutable: false,
    keyType: base?.keyType,
    routingOptions: new RHash(),
    relationships: new Map(base?.relationships ?? []),
    // A subclass copies its parent's relationships and key type: what was not read of them stays so.
    ...(base?.unread ? { unread: { ...base.unread } } : {}),
  };
  const why = readBody(found.node, file, klass, { reader, nesting: [...found.nesting, name], depth });
  return why ? { why } : { klass };
}

interface FoundClass {
  node: N.ClassNode;
  /** The modules around it, outermost first, as Ruby's lexical scope looks constants up. */
  nesting: string[];
}

/** The parent class: the gem's (no parent to read), or one of the app's, looked up from the class's lexical scope. */
function superclassOf(found: FoundClass, reader: ClassReader, depth: number): { klass: ResourceClass | undefined } | { why: string } {
  const written = found.node.superclass && constantPathText(found.node.superclass);
  if (!written) return { why: `${found.nesting.concat(constantPathText(found.node.constantPath) ?? "").join("::")} has no superclass Routemap can read` };
  const bare = written.replace(/^::/, "");
  if (ROOTS.has(bare)) return { klass: undefined };
  const candidates = lexicalCandidates(written, found.nesting);
  for (const candidate of candidates) {
    if (!reader.classFile(candidate)) continue;
    const parent = readClass(candidate, reader, depth + 1);
    return "why" in parent ? parent : { klass: parent.klass };
  }
  return { why: `its superclass ${written} is not a class of the app Routemap can read` };
}

/** Where a body is read: the reader, the modules around it (for its constants), how deep in superclasses and modules. */
interface BodyContext {
  reader: ClassReader;
  nesting: string[];
  depth: number;
}

/** The class body's statements, in order; a reason when one could change what the routes read. */
function readBody(node: N.ClassNode, file: LoadedFile, klass: ResourceClass, context: BodyContext): string | undefined {
  const statements = node.body instanceof N.StatementsNode ? node.body.body : node.body ? [node.body] : [];
  return readStatements(statements, file, klass, context, klass.name);
}

/** Statements that run with the class as `self` (its body, a concern's `included` block); `who` names them in a reason. */
function readStatements(statements: N.Node[], file: LoadedFile, klass: ResourceClass, context: BodyContext, who: string): string | undefined {
  const at = (n: N.Node) => `\`${text(file, n).split("\n")[0]}\` in ${context.reader.relative(file)}:${file.index.position(n.location.startOffset).line + 1}`;
  for (const statement of statements) {
    if (statement instanceof N.DefNode) {
      if (statement.receiver && READ.has(statement.name)) {
        const part = PART_OF[statement.name];
        if (!part) return `${who} defines ${at(statement)}, which Routemap does not run`;
        markUnread(klass, part, `${who} defines ${at(statement)}, which Routemap does not run`);
      }
      continue;
    }
    if (statement instanceof N.ConstantWriteNode || statement instanceof N.StringNode) continue;
    // `class << self` of methods the routes do not read (`def records(options)`).
    if (statement instanceof N.SingletonClassNode && statement.expression instanceof N.SelfNode && quietSingletonClass(statement)) continue;
    if (!(statement instanceof N.CallNode) || (statement.receiver && !(statement.receiver instanceof N.SelfNode))) {
      return `${who}'s body runs ${at(statement)}, which Routemap does not follow`;
    }
    const why = statement.name === "include" && !statement.block ? includeModules(statement, klass, context) : classCall(statement, file, klass, context.reader);
    if (typeof why === "object") markUnread(klass, why.part, `${who}'s body calls ${at(statement)}: ${why.why}`);
    else if (why) return `${who}'s body calls ${at(statement)}: ${why}`;
  }
  return undefined;
}

/**
 * `include A, B` in a resource class: each module of the app, read as Ruby includes it
 * (`modules.reverse_each { append_features; included }`): its instance methods change nothing the
 * routes read; an `ActiveSupport::Concern`'s `included do … end` runs on the class as its body
 * would, and its `class_methods` may define what routing_ext.rb reads. A module Routemap cannot
 * find, a `self.included` hook, or anything else it does not follow leaves the class unknown.
 */
function includeModules(call: N.CallNode, klass: ResourceClass, context: BodyContext): string | undefined {
  const args = call.arguments_?.arguments_ ?? [];
  if (!args.length) return "an include of no module";
  for (const arg of [...args].reverse()) {
    const written = constantPathText(arg);
    if (written === undefined) return "it includes a module Routemap cannot name";
    const candidates = lexicalCandidates(written, context.nesting);
    const path = candidates.find((c) => context.reader.classFile(c));
    if (path === undefined) return `${written} is not a module of the app Routemap can read`;
    if (context.depth > 16) return `the modules ${klass.name} includes go deeper than Routemap follows`;
    const file = context.reader.classFile(path)!;
    const found = definitionsOf(file.program, path, N.ModuleNode)[0];
    if (!found) return `${context.reader.relative(file)} does not define the module ${path} where Routemap can see it`;
    const why = readModule(found.node as N.ModuleNode, file, klass, { reader: context.reader, nesting: [...found.nesting, path], depth: context.depth + 1 }, path);
    if (why) return why;
  }
  return undefined;
}

/** A module's body, for what including it does to the class. */
function readModule(node: N.ModuleNode, file: LoadedFile, klass: ResourceClass, context: BodyContext, path: string): string | undefined {
  const statements = node.body instanceof N.StatementsNode ? node.body.body : node.body ? [node.body] : [];
  const at = (n: N.Node) => `\`${text(file, n).split("\n")[0]}\` in ${context.reader.relative(file)}:${file.index.position(n.location.startOffset).line + 1}`;
  const concern = statements.some((s) => s instanceof N.CallNode && s.name === "extend" && !s.receiver && s.arguments_?.arguments_.some((a) => constantPathText(a)?.replace(/^::/, "") === "ActiveSupport::Concern"));
  for (const statement of statements) {
    if (statement instanceof N.DefNode) {
      // An instance method is the class's objects': routing_ext.rb reads only the class.
      if (statement.receiver instanceof N.SelfNode && ["included", "append_features", "extended", "prepended"].includes(statement.name)) return `${path} defines ${at(statement)}, a hook Routemap does not run`;
      continue;
    }
    if (statement instanceof N.ConstantWriteNode || statement instanceof N.StringNode || statement instanceof N.ModuleNode || statement instanceof N.ClassNode) continue;
    if (!(statement instanceof N.CallNode) || statement.receiver) return `${path}'s body runs ${at(statement)}, which Routemap does not follow`;
    if (statement.name === "extend" && concern && statement.arguments_?.arguments_.length === 1) continue;
    if (QUIET.has(statement.name) && !statement.block) continue;
    const body = statement.block instanceof N.BlockNode ? statement.block.body : null;
    const inner = body instanceof N.StatementsNode ? body.body : body ? [body] : [];
    if (concern && statement.name === "included" && statement.block && !statement.arguments_) {
      const why = readStatements(inner, file, klass, context, `${path}'s \`included\` block`);
      if (why) return why;
      continue;
    }
    if (concern && statement.name === "class_methods" && statement.block) {
      for (const read of inner.filter((s) => !(s instanceof N.DefNode) || READ.has(s.name))) {
        const why = `${path}'s \`class_methods\` ${read instanceof N.DefNode ? "defines" : "runs"} ${at(read)}, which Routemap does not run`;
        const part = read instanceof N.DefNode ? PART_OF[read.name] : undefined;
        if (!part) return why;
        markUnread(klass, part, why);
      }
      continue;
    }
    if (statement.name === "include" && !statement.block) {
      // A concern's own includes are the class's too; a plain module's run their hooks on the module.
      const why = includeModules(statement, klass, context);
      if (why) return `${path} includes ${at(statement)}: ${why}`;
      continue;
    }
    return `${path}'s body calls ${at(statement)}, which Routemap does not follow`;
  }
  return undefined;
}

/** Whether a `class << self` body only defines methods routing_ext.rb does not call (and calls nothing). */
function quietSingletonClass(node: N.SingletonClassNode): boolean {
  const body = node.body instanceof N.StatementsNode ? node.body.body : node.body ? [node.body] : [];
  return body.every((s) => (s instanceof N.DefNode && !READ.has(s.name)) || (s instanceof N.CallNode && !s.receiver && QUIET.has(s.name)));
}

/** A part of the class a call leaves unknown, and why. */
type PartUnread = { part: keyof NonNullable<ResourceClass["unread"]>; why: string };

/** One class-level call; a reason when Routemap cannot tell what it does to the routes (a part of it, or all). */
function classCall(call: N.CallNode, file: LoadedFile, klass: ResourceClass, reader: ClassReader): string | PartUnread | undefined {
  const name = call.name;
  if (QUIET.has(name) || /^(before|after|around)_/.test(name)) return undefined;
  const args = call.arguments_?.arguments_ ?? [];
  // Keywords one by one: a lambda given to `apply_join:` leaves `class_name:` readable.
  const values = args.map((a) => (a instanceof N.KeywordHashNode ? keywords(a, file, reader) : value(a, file, reader)));
  switch (name) {
    case "immutable": {
      // `immutable(val = true)`: `@immutable = val`, read for its truth.
      const given = values[0];
      if (given instanceof RUnknown) return { part: "options", why: "its argument is not known" };
      klass.immutable = given === undefined ? true : given !== false && given !== null;
      return undefined;
    }
    case "key_type":
      if (values[0] instanceof RUnknown || values[0] === undefined) return { part: "options", why: "its argument is not known" };
      klass.keyType = values[0];
      return undefined;
    case "routing_options":
      if (!(values[0] instanceof RHash) || hasUnknown(values[0])) return { part: "options", why: "its options are not known" };
      klass.routingOptions = values[0];
      return undefined;
    case "has_many":
    case "has_one":
    case "belongs_to":
    case "relationship": {
      const why = addRelationships(name, values, klass);
      return why === undefined ? undefined : { part: "relationships", why };
    }
    default:
      return "a method jsonapi-resources does not define, which may change the routes";
  }
}

function addRelationships(method: string, values: RValue[], klass: ResourceClass): string | undefined {
  const last = values[values.length - 1];
  const options = last instanceof RHash ? last : new RHash();
  const names = last instanceof RHash ? values.slice(0, -1) : values;
  let toMany = method === "has_many";
  if (method === "relationship") {
    const to = options.sget("to");
    if (!(to instanceof RSymbol) || (to.name !== "one" && to.name !== "many")) return "its `to:` is not `:one` or `:many`";
    toMany = to.name === "many";
  }
  for (const given of names) {
    const relName = given instanceof RSymbol ? given.name : typeof given === "string" ? given : undefined;
    if (relName === undefined) return "a relationship name Routemap cannot read";
    const className = options.sget("class_name");
    const polymorphic = options.sget("polymorphic");
    const unreadClass = className instanceof RUnknown || (className !== undefined && className !== null && typeof className !== "string" && !(className instanceof RSymbol));
    const relationship: Relationship = {
      name: relName,
      toMany,
      className: unreadClass ? undefined : className === undefined || className === null ? (toMany ? singularize(camelize(relName)) : camelize(relName)) : className instanceof RSymbol ? className.name : (className as string),
      // `options.fetch(:polymorphic, false) == true`
      polymorphic: polymorphic instanceof RUnknown ? undefined : polymorphic === true,
      ...(unreadClass ? { unread: "class_name:" } : polymorphic instanceof RUnknown ? { unread: "polymorphic:" } : {}),
    };
    // `check_duplicate_relationship_name` only warns; `register_relationship` replaces it in place.
    klass.relationships.set(relName, relationship);
  }
  return undefined;
}

/** An argument's value: evaluated as Ruby where the host can, else a literal; unknown otherwise. */
function value(node: N.Node, file: LoadedFile, reader: ClassReader): RValue {
  const literal = literalOf(node);
  if (literal !== undefined) return literal;
  return reader.evaluate ? reader.evaluate(file, node) : new RUnknown(text(file, node));
}

/** A call's keywords, each value evaluated on its own (a key that is not a literal: unknown whole). */
function keywords(node: N.KeywordHashNode, file: LoadedFile, reader: ClassReader): RValue {
  const hash = new RHash();
  for (const element of node.elements) {
    const key = element instanceof N.AssocNode ? literalOf(element.key) : undefined;
    if (!(element instanceof N.AssocNode) || key === undefined) return new RUnknown(text(file, node));
    hash.set(key, value(element.value, file, reader));
  }
  return hash;
}

const hasUnknown = (hash: RHash): boolean => [...hash.values()].some((v) => v instanceof RUnknown || (v instanceof RHash && hasUnknown(v)));

function literalOf(node: N.Node): RValue | undefined {
  if (node instanceof N.SymbolNode) return sym(node.unescaped.value);
  if (node instanceof N.StringNode) return node.unescaped.value;
  if (node instanceof N.TrueNode) return true;
  if (node instanceof N.FalseNode) return false;
  if (node instanceof N.NilNode) return null;
  if (node instanceof N.ArrayNode) {
    const items = node.elements.map(literalOf);
    return items.every((v) => v !== undefined) ? (items as RValue[]) : undefined;
  }
  if (node instanceof N.HashNode || node instanceof N.KeywordHashNode) {
    const hash = new RHash();
    for (const element of node.elements) {
      if (!(element instanceof N.AssocNode)) return undefined;
      const key = literalOf(element.key);
      const v = literalOf(element.value);
      if (key === undefined || v === undefined) return undefined;
      hash.set(key, v);
    }
    return hash;
  }
  return undefined;
}

function text(file: LoadedFile, node: N.Node): string {
  const loc = node.location;
  return file.index.slice(loc.startOffset, loc.startOffset + loc.length);
}

/** `JSONAPI.configure do |config| … end`: the settings routing_ext.rb reads, where an app file sets them. */
export interface JsonapiSettings {
  /** `route_format`: `:dasherized_route` unless set. */
  routeFormat: RValue;
  /** `resource_key_type`: `:integer` unless set. */
  resourceKeyType: RValue;
  /** A setting assigned a value Routemap cannot read, as written, with its place. */
  unread: string[];
}

/** Reads `config.route_format =` and `config.resource_key_type =` (or `JSONAPI.configuration.x =`) in the files given. */
export function readJsonapiSettings(files: LoadedFile[], reader: ClassReader): JsonapiSettings {
  const settings: JsonapiSettings = { routeFormat: sym("dasherized_route"), resourceKeyType: sym("integer"), unread: [] };
  for (const file of files) {
    const visit = (node: N.Node, configs: Set<string>) => {
      if (node instanceof N.CallNode && (node.name === "route_format=" || node.name === "resource_key_type=") && isConfiguration(node.receiver, configs, "JSONAPI")) {
        const arg = node.arguments_?.arguments_[0];
        const v = arg ? value(arg, file, reader) : undefined;
        if (v instanceof RSymbol || typeof v === "string") {
          if (node.name === "route_format=") settings.routeFormat = v;
          else settings.resourceKeyType = v;
        } else settings.unread.push(`\`${text(file, node)}\` in ${reader.relative(file)}`);
      }
      const inner = node instanceof N.CallNode && node.name === "configure" && isJsonapi(node.receiver) ? configureParameter(node, configs) : configs;
      for (const child of childrenOf(node)) visit(child, inner);
    };
    visit(file.program, new Set());
  }
  return settings;
}

const isJsonapi = (node: N.Node | null) => isConstant(node, "JSONAPI");

/** The uuid constraint `jsonapi_resources` adds for a `:uuid` key type. */
export const UUID_PATTERN = new RRegexp("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
