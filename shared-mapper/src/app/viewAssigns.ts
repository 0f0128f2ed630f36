/**
 * The instance variables a controller's action hands its template, where the code says their
 * class. Rails runs the action's `before_action` callbacks, then the action, and the view gets
 * the controller's instance variables (actionpack's AbstractController::Callbacks,
 * actionview's `ActionView::Rendering#view_assigns`). A variable is known only when it is
 * certain: the action's `def` in the file, or a `before_action` the file says runs for it
 * (no `if:`/`unless:`, an `only:` naming it or an `except:` not, not skipped), assigns it, and
 * every assignment of it in the file is of one class (polymorphic.ts `assignments`).
 * Checked against Debian's Rails 6.1 by test-fixtures/oracle/helper_contexts.rb
 * (helper-checks/polymorphic: posts/show and posts/edit).
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { childrenOf, walkNodes } from "../ruby/walk.js";
import { assignments, type Assigned } from "./polymorphic.js";

const BEFORE = /^(?:prepend_|append_)?before_action$|^before_filter$/;
const SKIP = /^skip_before_action$|^skip_before_filter$/;

/** The instance variables `action` of the controller in `file` sets for sure, with their records (`where`: the file as the messages name it). */
export function actionAssigns(file: LoadedFile, action: string, where: string): Map<string, Assigned> {
  // Asked for every template of the controller: worked out once per parse of it and action.
  let known = byFile.get(file);
  if (!known) byFile.set(file, (known = new Map()));
  let found = known.get(action);
  if (!found) known.set(action, (found = workOutAssigns(file, action, where)));
  return found;
}
const byFile = new WeakMap<LoadedFile, Map<string, Map<string, Assigned>>>();

/** What every action of a file shares: its methods, and every assignment of each instance variable in it. */
interface FileAssigns {
  defs: Map<string, N.DefNode>;
  all: Map<string, Assigned>;
}
const sharedByFile = new WeakMap<LoadedFile, FileAssigns>();

/** Worked out once per parse of a file, not once per action its templates name (three walks of a controller each). */
function fileAssigns(file: LoadedFile): FileAssigns {
  let found = sharedByFile.get(file);
  if (found) return found;
  const defs = new Map<string, N.DefNode>();
  walkNodes(file.program, (node) => {
    if (node instanceof N.DefNode && !node.receiver) defs.set(node.name, node);
  });
  // Every assignment of each instance variable in the file: one that disagrees makes it unknown.
  const all = new Map<string, Assigned>();
  assignments(file.program, file, all, { ivarsOnly: true, crossDefs: true });
  sharedByFile.set(file, (found = { defs, all }));
  return found;
}

function workOutAssigns(file: LoadedFile, action: string, where: string): Map<string, Assigned> {
  const out = new Map<string, Assigned>();
  const { defs, all } = fileAssigns(file);
  const own = defs.get(action);
  if (!own) return out;
  const setters = [own, ...callbacksRunning(file.program, action).map((name) => defs.get(name)).filter((d): d is N.DefNode => d !== undefined)];
  for (const def of setters) {
    const vars = new Map<string, Assigned>();
    assignments(def, file, vars, { ivarsOnly: true });
    for (const [name, own] of vars) {
      const assigned = all.get(name);
      if (!assigned?.record || assigned.conflicting || !own.record) continue;
      // Persisted as every assignment of the file says; cited where the action or callback sets it.
      out.set(name, { ...assigned, record: { ...assigned.record, how: own.record.how, line: own.record.line, file: where } });
    }
  }
  return out;
}

/** The `before_action` methods the file says run for `action`, in no particular order. */
function callbacksRunning(program: N.Node, action: string): string[] {
  const running = new Set<string>();
  const skipped = new Set<string>();
  const stack: N.Node[] = [program];
  while (stack.length) {
    const node = stack.pop()!;
    if (node instanceof N.DefNode) continue;
    if (node instanceof N.CallNode && !node.receiver && (BEFORE.test(node.name) || SKIP.test(node.name))) {
      const args = node.arguments_?.arguments_ ?? [];
      const names = args.filter((a): a is N.SymbolNode => a instanceof N.SymbolNode).map((a) => a.unescaped.value);
      const options = args.find((a) => a instanceof N.KeywordHashNode) as N.KeywordHashNode | undefined;
      // Any skip of a name takes it out, whatever its options.
      if (SKIP.test(node.name)) for (const name of names) skipped.add(name);
      else if (!node.block && runsFor(options, action)) for (const name of names) running.add(name);
    }
    for (const child of childrenOf(node)) stack.push(child);
  }
  return [...running].filter((name) => !skipped.has(name));
}

/** Whether a callback's options say it runs for `action`: only `only:`/`except:` of symbols are read. */
function runsFor(options: N.KeywordHashNode | undefined, action: string): boolean {
  for (const element of options?.elements ?? []) {
    if (!(element instanceof N.AssocNode) || !(element.key instanceof N.SymbolNode)) return false;
    const key = element.key.unescaped.value;
    if (key !== "only" && key !== "except") return false;
    const listed = symbolsOf(element.value);
    if (!listed) return false;
    if (key === "only" && !listed.includes(action)) return false;
    if (key === "except" && listed.includes(action)) return false;
  }
  return true;
}

/** `:show`, `[:show, :edit]`, `%i[show edit]`: the names; undefined for anything else. */
function symbolsOf(node: N.Node): string[] | undefined {
  const elements = node instanceof N.ArrayNode ? node.elements : [node];
  const out: string[] = [];
  for (const e of elements) {
    if (e instanceof N.SymbolNode) out.push(e.unescaped.value);
    else if (e instanceof N.StringNode) out.push(e.unescaped.value);
    else return undefined;
  }
  return out;
}
