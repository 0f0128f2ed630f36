/**
 * Whether a model has PaperTrail, read from the app's files without running them
 * (paper-trail-gem/paper_trail 4.2 to 9.2: lib/paper_trail/has_paper_trail.rb and
 * model_config.rb): `has_paper_trail` includes `PaperTrail::Model::InstanceMethods`, which a
 * subclass inherits, and `paper_trail.enabled?` (5.0 to 9.2; `paper_trail_enabled_for_model?`
 * before 6.0) holds where the class includes them and no one switched the model off
 * (`PaperTrail.request.disable_model`), whatever `PaperTrail.enabled` says. From 10.0 the
 * class's `enabled?` is gone: a gem asking it (active_admin_versioning) asks its version first.
 *
 * Read: the class's body and its superclasses' up to `ActiveRecord::Base`, and the app's
 * modules they include (a concern's `included do has_paper_trail end`). Where the answer rests
 * on something not read (a class not in the app's files, a call under a condition, a gem's
 * module where a locked gem calls `has_paper_trail`, an initializer that switches models off),
 * it is unknown, with why.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { quoted, type LoadedFile } from "../ruby/loadedFile.js";
import { underscore } from "../inflector.js";
import { constantPathText, definitionsOf, lexicalCandidates, someCall, statementsOf, walkCalls, type Definition } from "../ruby/walk.js";

export type PaperTrailState = { enabled: boolean } | { unknown: string };

export interface PaperTrailSource {
  /** The app's file where Rails' autoloader finds the class or module `name`. */
  find(name: string): LoadedFile | undefined;
  relative(file: LoadedFile): string;
  /** The files of config/application.rb and config/initializers that mention PaperTrail. */
  config: readonly LoadedFile[];
  /** Whether a gem the app locks calls `has_paper_trail` (a module of it may, where a model includes one). */
  gemsCallIt: boolean;
}

const ROOTS = new Set(["ActiveRecord::Base", "::ActiveRecord::Base"]);
const DEPTH = 16;

/** `className.paper_trail.enabled?` as the app's files say it, or why Routemap cannot tell. */
export function paperTrailOf(className: string, source: PaperTrailSource): PaperTrailState {
  const off = turnedOff(source);
  if (off) return { unknown: off };
  return classHasIt(className, { source, seen: new Set() }, 0);
}

/** What one question reads with: the app's files, and the modules already read (each once, whatever includes it again). */
interface Reading {
  source: PaperTrailSource;
  seen: Set<string>;
}

/** A call in the app's configuration that switches a model's PaperTrail off as it boots: Routemap does not follow it. */
const SWITCHES = new Set(["disable_model", "enabled_for_model", "paper_trail_off!"]);

function turnedOff(source: PaperTrailSource): string | undefined {
  for (const file of source.config) {
    let found: N.CallNode | undefined;
    walkCalls(file.program, (call) => {
      if (!found && (SWITCHES.has(call.name) || (call.name === "disable" && call.receiver instanceof N.CallNode && call.receiver.name === "paper_trail"))) found = call;
    });
    if (found) return `${at(file, found, source)} switches PaperTrail off for models as the app boots`;
  }
  return undefined;
}

function classHasIt(name: string, r: Reading, depth: number): PaperTrailState {
  const file = depth < DEPTH ? r.source.find(name) : undefined;
  if (!file) return { unknown: `class ${name} is not in the app's files where Rails' autoloader finds it (app/models/${underscore(name)}.rb)` };
  const classes = definitionsOf(file.program, name, N.ClassNode);
  if (!classes.length) return { unknown: `${r.source.relative(file)} does not define class ${name} where Routemap reads it` };
  for (const cls of classes) {
    const own = bodyHasIt(file, cls.node.body, [...cls.nesting, name], r, depth);
    if (own) return own;
  }
  return superclassHasIt(file, classes[0], r, depth);
}

/** The class's parent: none or ActiveRecord::Base has no PaperTrail; one of the app's is read in turn. */
function superclassHasIt(file: LoadedFile, cls: Definition<N.ClassNode>, r: Reading, depth: number): PaperTrailState {
  if (!cls.node.superclass) return { enabled: false };
  const written = constantPathText(cls.node.superclass);
  if (!written) return { unknown: `${at(file, cls.node, r.source)} has a superclass Routemap cannot read` };
  if (ROOTS.has(written)) return { enabled: false };
  return classHasIt(resolved(written, cls.nesting, r.source), r, depth + 1);
}

/** The constant a name written in a body means: Ruby looks in the modules open around it, innermost first, then at the top; the first the app's files define. */
function resolved(written: string, nesting: readonly string[], source: PaperTrailSource): string {
  return lexicalCandidates(written, nesting).find((c) => source.find(c)) ?? written.replace(/^::/, "");
}

/**
 * A class or module body's statements: `has_paper_trail` at its top turns PaperTrail on; an
 * included module of the app is read as its body; `has_paper_trail` anywhere else (a
 * condition, a method) is not followed. Undefined where the body says nothing of it.
 */
function bodyHasIt(file: LoadedFile, body: N.Node | null, nesting: readonly string[], r: Reading, depth: number): PaperTrailState | undefined {
  for (const statement of statementsOf(body)) {
    if (statement instanceof N.CallNode && !statement.receiver && statement.name === "has_paper_trail") return { enabled: true };
    if (statement instanceof N.CallNode && !statement.receiver && statement.name === "include") {
      for (const arg of statement.arguments_?.arguments_ ?? []) {
        const included = moduleHasIt(file, arg, nesting, r, depth);
        if (included) return included;
      }
      continue;
    }
    if (someCall(statement, (call) => call.name === "has_paper_trail")) return { unknown: `${at(file, statement, r.source)} calls \`has_paper_trail\` where Routemap does not follow it` };
  }
  return undefined;
}

/** An included module: the app's is read (its top, and a concern's `included do … end`); a gem's matters only where a gem calls `has_paper_trail`. */
function moduleHasIt(file: LoadedFile, arg: N.Node, nesting: readonly string[], r: Reading, depth: number): PaperTrailState | undefined {
  const written = constantPathText(arg);
  if (!written) return { unknown: `${at(file, arg, r.source)} includes a module Routemap cannot read` };
  const name = resolved(written, nesting, r.source);
  if (r.seen.has(name)) return undefined;
  r.seen.add(name);
  const found = depth < DEPTH ? r.source.find(name) : undefined;
  const modules = found ? definitionsOf(found.program, name, N.ModuleNode) : [];
  if (!found || !modules.length) return r.source.gemsCallIt ? { unknown: `${at(file, arg, r.source)} includes ${name}, not the app's, and a gem the app locks calls \`has_paper_trail\`` } : undefined;
  for (const { node, nesting: around } of modules) {
    for (const statement of statementsOf(node.body)) {
      const included = statement instanceof N.CallNode && !statement.receiver && statement.name === "included" && statement.block instanceof N.BlockNode ? statement.block : undefined;
      // In the module's own body `has_paper_trail` is not the class's (Ruby raises there): only its `included` block's and its includes count.
      if (!included && statement instanceof N.CallNode && statement.name === "has_paper_trail") return { unknown: `${at(found, statement, r.source)} calls \`has_paper_trail\` outside \`included do … end\`` };
      const state = bodyHasIt(found, included ? included.body : statement, [...around, name], r, depth + 1);
      if (state) return state;
    }
  }
  return undefined;
}

const at = (file: LoadedFile, node: N.Node, source: PaperTrailSource) => quoted(file, node, source.relative);
