/**
 * Constants the app defines outside its routes files (`id: Patterns::ROUTE_PATTERN`, with
 * `ROUTE_PATTERN = /[A-Za-z0-9_.\-]+/` in lib/patterns.rb), read from their files without
 * running them.
 *
 * A constant `A::B::C` is looked for where Rails' autoloader would find the module that holds
 * it (`A::B` in `a/b.rb`, then `A` in `a.rb`, under lib/ and the usual app/ roots), then in
 * config/initializers and config/application.rb, whose top level any constant may be set in.
 * Only names in capitals are looked for: the others are classes and modules, which stay names.
 * A value is known when it is a literal (regexp, string, symbol, number, boolean, nil, or an
 * array or hash of those), optionally `.freeze`d, or another such constant.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../dsl/interpreter.js";
import { constantPathText } from "../ruby/walk.js";
import { underscore } from "../inflector.js";
import { RHash, RRegexp, RUnknown, RValue, sym } from "../ruby/values.js";

/** Where the autoloader looks for `a/b.rb` (the roots apps put constants in most). */
const ROOTS = ["lib", "app/models", "app/lib", "app/constraints", "app/services", "app/validators"];

export interface AppFilesReader {
  /** A file of the app, by path relative to its root, if the host has it. */
  file(relative: string): LoadedFile | undefined;
  /** Those of config/application.rb and config/initializers/**.rb that mention `name`, in Rails' order. */
  configFiles(name: string): LoadedFile[];
  /** A file's path relative to the app's root, for messages. */
  relative(file: LoadedFile): string;
}

export type ConstantLookup = { value: RValue } | { unknown: RUnknown } | undefined;

export class AppConstants {
  private readonly found = new Map<string, ConstantLookup>();
  private readonly definitions = new Map<LoadedFile, Map<string, N.Node>>();
  private depth = 0;

  constructor(private readonly files: AppFilesReader) {}

  /** The value of constant `path` (`Patterns::ROUTE_PATTERN`), if the app defines it; undefined if not found. */
  lookup(path: string): ConstantLookup {
    if (!/(^|::)[A-Z][A-Z0-9_]*$/.test(path)) return undefined;
    if (this.found.has(path)) return this.found.get(path);
    this.found.set(path, undefined); // a constant defined as itself stays unknown
    const result = this.search(path);
    this.found.set(path, result);
    return result;
  }

  private search(path: string): ConstantLookup {
    for (const file of this.candidateFiles(path)) {
      const node = this.definitionsOf(file).get(path);
      if (node) return this.evaluate(node, file, path);
    }
    return undefined;
  }

  /** The module files the autoloader would load for `path`'s namespaces, innermost first; then the configuration. */
  private *candidateFiles(path: string): Generator<LoadedFile> {
    const segments = path.split("::").slice(0, -1);
    for (let n = segments.length; n > 0; n--) {
      const relative = underscore(segments.slice(0, n).join("::"));
      for (const root of ROOTS) {
        const file = this.files.file(`${root}/${relative}.rb`);
        if (file) yield file;
      }
    }
    yield* this.files.configFiles(path.slice(path.lastIndexOf(":") + 1));
  }

  /** Every constant a file assigns, by its full name under the file's modules and classes. */
  private definitionsOf(file: LoadedFile): Map<string, N.Node> {
    let found = this.definitions.get(file);
    if (!found) {
      found = new Map();
      collect(file.program.statements, [], found);
      this.definitions.set(file, found);
    }
    return found;
  }

  private evaluate(node: N.Node, file: LoadedFile, path: string): ConstantLookup {
    const value = this.literal(node, file);
    if (value !== undefined) return { value };
    const loc = node.location;
    const text = file.index.slice(loc.startOffset, loc.startOffset + loc.length).replace(/\s+/g, " ").slice(0, 60);
    const where = this.files.relative(file);
    return { unknown: new RUnknown(path, false, `a constant that ${where} sets to \`${text}\`, which Routemap cannot evaluate without running it`) };
  }

  private literal(node: N.Node, file: LoadedFile): RValue | undefined {
    if (node instanceof N.RegularExpressionNode) {
      const source = file.index.slice(node.contentLoc.startOffset, node.contentLoc.startOffset + node.contentLoc.length);
      const flags = file.index.slice(node.closingLoc.startOffset + 1, node.closingLoc.startOffset + node.closingLoc.length);
      return new RRegexp(source, flags.replace(/[^mix]/g, ""));
    }
    if (node instanceof N.StringNode) return node.unescaped.value;
    if (node instanceof N.SymbolNode) return sym(node.unescaped.value);
    if (node instanceof N.IntegerNode) return Number(node.value);
    if (node instanceof N.TrueNode) return true;
    if (node instanceof N.FalseNode) return false;
    if (node instanceof N.NilNode) return null;
    if (node instanceof N.ArrayNode) {
      const items = node.elements.map((e) => this.literal(e, file));
      return items.every((v) => v !== undefined) ? (items as RValue[]) : undefined;
    }
    if (node instanceof N.HashNode) {
      const hash = new RHash();
      for (const element of node.elements) {
        if (!(element instanceof N.AssocNode)) return undefined;
        const key = this.literal(element.key, file);
        const value = this.literal(element.value, file);
        if (key === undefined || value === undefined) return undefined;
        hash.set(key, value);
      }
      return hash;
    }
    // `/x/.freeze`, `%w[a b].freeze`: the same value.
    if (node instanceof N.CallNode && node.name === "freeze" && node.receiver && !node.arguments_) return this.literal(node.receiver, file);
    if (node instanceof N.ConstantReadNode || node instanceof N.ConstantPathNode) return this.reference(node, file);
    return undefined;
  }

  /** Another constant: looked up by its full name as written (a relative one is taken from the top level). */
  private reference(node: N.ConstantReadNode | N.ConstantPathNode, file: LoadedFile): RValue | undefined {
    const loc = node.location;
    const name = file.index.slice(loc.startOffset, loc.startOffset + loc.length).replace(/^::/, "");
    if (this.depth > 20) return undefined;
    this.depth++;
    try {
      const found = this.lookup(name);
      return found && "value" in found ? found.value : undefined;
    } finally {
      this.depth--;
    }
  }
}

/** Walks modules and classes, recording `NAME = value` under their full names. */
function collect(body: N.StatementsNode | null, nesting: string[], into: Map<string, N.Node>): void {
  for (const node of body?.body ?? []) {
    if (node instanceof N.ModuleNode || node instanceof N.ClassNode) {
      const name = constantPathText(node.constantPath);
      if (!name) continue;
      const inner = node.body instanceof N.StatementsNode ? node.body : null;
      collect(inner, name.startsWith("::") ? [name.slice(2)] : [...nesting, name], into);
    } else if (node instanceof N.ConstantWriteNode) {
      into.set([...nesting, node.name].join("::"), node.value);
    } else if (node instanceof N.ConstantPathWriteNode) {
      const name = constantPathText(node.target);
      if (name) into.set(name.startsWith("::") ? name.slice(2) : [...nesting, name].join("::"), node.value);
    }
  }
}
