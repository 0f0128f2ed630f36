/**
 * A model's `ActiveModel::Name` as polymorphic URLs use it (`route_key`, `singular_route_key`),
 * read from the app's `app/models` files: activemodel's naming.rb (`ActiveModel::Name#initialize`)
 * and its `model_name` lookup through the class's superclasses to `ActiveRecord::Base`.
 *
 * What is read of each model file is a small fact of its text (`modelFileFacts`): whether it
 * may name models otherwise, and its classes and modules as Ruby nests them, with each class's
 * superclass and the modules it includes. A host keeps those facts where it keeps a file's
 * other facts (`routemap check`'s pack, its worker threads), so a large app's 5,000 models are
 * not parsed again in the thread that checks (docs/benchmarks.md, "models' facts").
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { pluralize, singularize, underscore } from "../inflector.js";
import { childrenOf, constantPathText } from "../ruby/walk.js";
import type { ModelNaming } from "./polymorphic.js";

/** What `readNaming` reads of a model file: plain data (JSON), the same for the same text. */
export interface ModelFileFacts {
  /** Whether the text may name a model otherwise (`model_name`, `to_model`, `use_relative_model_naming?`). */
  renames: boolean;
  /** Its classes and modules at the top, each with those inside it. */
  nodes: ModelFileNode[];
  /** The modules the first class at the top includes (application_record.rb's); absent when there is no class there. */
  firstClass?: { includes: (string | null)[] };
}

/** A class (`c`) or module (`m`) of a model file, by its full name as written in its nesting. */
export interface ModelFileNode {
  kind: "c" | "m";
  name: string;
  /** Those in its body, when it has one. */
  children?: ModelFileNode[];
  /** A class's superclass as written; null when it is not a constant (`Class.new(…)`), absent when it has none. */
  superclass?: string | null;
  /** The modules a class's body includes, extends or prepends, in the order they are looked at; null: not a constant. */
  includes?: (string | null)[];
}

const BASES = new Set(["ApplicationRecord", "ActiveRecord::Base", "::ActiveRecord::Base"]);
const RENAMING = /\b(?:model_name|to_model)\b|\buse_relative_model_naming\?/;

/** The facts `readNaming` reads of a parsed model file. */
export function modelFileFacts(file: LoadedFile): ModelFileFacts {
  const facts: ModelFileFacts = { renames: RENAMING.test(file.index.text), nodes: nodesOf(file.program.statements, []) };
  const first = file.program.statements.body.find((s): s is N.ClassNode => s instanceof N.ClassNode);
  if (first) facts.firstClass = { includes: includesOf(first) };
  return facts;
}

/** The classes and modules of a body, their names made as `findClass` makes them (the innermost namespace, then the name written). */
function nodesOf(body: N.StatementsNode, lexical: string[]): ModelFileNode[] {
  const prefix = lexical.length ? `${lexical[lexical.length - 1]}::` : "";
  const out: ModelFileNode[] = [];
  for (const node of body.body) {
    if (!(node instanceof N.ClassNode || node instanceof N.ModuleNode)) continue;
    const written = constantPathText(node.constantPath);
    if (!written) continue;
    const name = written.startsWith("::") ? written.slice(2) : prefix + written;
    const fact: ModelFileNode = { kind: node instanceof N.ClassNode ? "c" : "m", name };
    if (node instanceof N.ClassNode) {
      if (node.superclass) fact.superclass = constantPathText(node.superclass) || null;
      fact.includes = includesOf(node);
    }
    if (node.body instanceof N.StatementsNode) fact.children = nodesOf(node.body, [...lexical, name]);
    out.push(fact);
  }
  return out;
}

/** The modules a class body includes, extends or prepends (not inside its methods), in the order `includesRead` looks at them. */
function includesOf(cls: N.ClassNode): (string | null)[] {
  const out: (string | null)[] = [];
  const stack: N.Node[] = cls.body ? [cls.body] : [];
  while (stack.length) {
    const node = stack.pop()!;
    if (node instanceof N.CallNode && !node.receiver && (node.name === "include" || node.name === "extend" || node.name === "prepend")) {
      for (const arg of node.arguments_?.arguments_ ?? []) out.push(constantPathText(arg) || null);
    }
    if (!(node instanceof N.DefNode)) for (const child of childrenOf(node)) stack.push(child);
  }
  return out;
}

/**
 * `ActiveModel::Name` of a model the app defines, read from its files: undefined when the class
 * or a superclass is not in `app/models`, or when one of them (or a module it includes) could
 * name it otherwise. `modelFile` gives the facts of `app/models/<path>.rb`; modelNamings.ts keeps
 * the answers between the files that ask.
 */
export function readNaming(className: string, modelFile: (relative: string) => ModelFileFacts | undefined): ReturnType<ModelNaming> {
  // A namespace that answers `use_relative_model_naming?` (an isolated engine's does) names its
  // models without itself: `Admin::Post` would be `posts`. Read where Rails would load it.
  const parts = className.split("::");
  for (let i = 1; i < parts.length; i++) {
    const namespace = modelFile(`app/models/${underscore(parts.slice(0, i).join("::"))}.rb`);
    if (namespace?.renames) return undefined;
  }
  for (let current = className, depth = 0; ; depth++) {
    if (depth > 10) return undefined;
    const file = modelFile(`app/models/${underscore(current)}.rb`);
    if (!file || file.renames) return undefined;
    const found = findClass(file.nodes, current);
    if (!found || found.cls.superclass === undefined) return undefined;
    if (!includesRead(found.cls.includes ?? [], modelFile)) return undefined;
    const written = found.cls.superclass;
    const parent = written && superclassName(written, found.lexical, modelFile);
    if (!parent) return undefined;
    if (BASES.has(parent)) {
      if (parent === "ApplicationRecord") {
        const base = modelFile("app/models/application_record.rb");
        if (!base || base.renames || !base.firstClass || !includesRead(base.firstClass.includes, modelFile)) return undefined;
      }
      break;
    }
    current = parent;
  }
  const singular = underscore(className).replace(/\//g, "_");
  const plural = pluralize(singular);
  const singularRouteKey = singularize(plural);
  return { singularRouteKey, routeKey: plural === singular ? `${plural}_index` : plural };
}

/**
 * The `class` of `fullName` in a file, at the top (`class Admin::Post`) or inside the modules
 * that make its name (`module Admin; class Post`), with the namespaces open around it.
 */
function findClass(nodes: readonly ModelFileNode[], fullName: string, lexical: string[] = []): { cls: ModelFileNode; lexical: string[] } | undefined {
  for (const node of nodes) {
    if (node.kind === "c" && node.name === fullName) return { cls: node, lexical };
    if (fullName.startsWith(`${node.name}::`) && node.children) {
      const inner = findClass(node.children, fullName, [...lexical, node.name]);
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * The class a superclass written in a body means: Ruby looks in the modules open around it,
 * innermost first (`module Admin; class Post < Base` may mean `Admin::Base`), then at the top.
 * The first of those the app's files define is taken; a name no file defines is taken as
 * written (`ApplicationRecord`, `ActiveRecord::Base`).
 */
function superclassName(written: string, lexical: string[], modelFile: (relative: string) => ModelFileFacts | undefined): string {
  if (written.startsWith("::")) return written.slice(2);
  for (let i = lexical.length - 1; i >= 0; i--) {
    const candidate = `${lexical[i]}::${written}`;
    if (modelFile(`app/models/${underscore(candidate)}.rb`)) return candidate;
  }
  return written;
}

/** Whether every module a class body includes or extends is a concern of the app that names nothing. */
function includesRead(includes: readonly (string | null)[], modelFile: (relative: string) => ModelFileFacts | undefined): boolean {
  for (const name of includes) {
    const concern = name && (modelFile(`app/models/concerns/${underscore(name)}.rb`) ?? modelFile(`app/models/${underscore(name)}.rb`));
    if (!concern || concern.renames) return false;
  }
  return true;
}

/** A pack's entry of `ModelFileFacts`, checked for its shape; undefined when it is not one. */
export function decodeModelFileFacts(stored: unknown): ModelFileFacts | undefined {
  if (!stored || typeof stored !== "object") return undefined;
  const { renames, nodes, firstClass } = stored as Partial<ModelFileFacts>;
  if (typeof renames !== "boolean" || !isNodes(nodes)) return undefined;
  if (firstClass !== undefined && !(firstClass && isIncludes(firstClass.includes))) return undefined;
  return stored as ModelFileFacts;
}

const isIncludes = (v: unknown): v is (string | null)[] => Array.isArray(v) && v.every((n) => n === null || typeof n === "string");
function isNodes(v: unknown, depth = 0): v is ModelFileNode[] {
  if (!Array.isArray(v) || depth > 64) return false;
  return v.every((n) => {
    if (!n || typeof n !== "object" || (n.kind !== "c" && n.kind !== "m") || typeof n.name !== "string") return false;
    if (n.superclass !== undefined && n.superclass !== null && typeof n.superclass !== "string") return false;
    if (n.includes !== undefined && !isIncludes(n.includes)) return false;
    return n.children === undefined || isNodes(n.children, depth + 1);
  });
}
