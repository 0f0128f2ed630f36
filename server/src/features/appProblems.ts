/**
 * The app's files whose URL helper calls are checked, and one file's check: the one
 * implementation behind `routemap check` (every file, once) and the language server (each
 * file, open or not, again as it changes; `workspaceProblems.ts`). Their findings are the same.
 */
import { basename, relative, sep } from "node:path";
import type { Diagnostic, RouteMapper } from "@routemap/shared-mapper";
import type { FileSystem } from "../fileSystem.js";
import { checkedFiles, helperScope } from "../cli/helperCheck.js";
import { helperCallDiagnostics, type HelperCheckContext } from "./helperCalls.js";
import { usesStoreOf } from "./fileUses.js";

/** Every file of the app at `root` whose helper calls are checked: views, controllers, helpers, mailers, tests, and `url_helpers` calls in the rest of `app/` and `lib/`. */
export function problemFiles(root: string, fs: FileSystem): string[] {
  return checkedFiles(root, fs);
}

/**
 * One file's findings, from its text (the disk's, or the open document's): none for a file whose
 * calls are not checked. What the text yields is read through the context's store, else the
 * app's (`usesStoreOf`: the language server's, shared with references).
 */
export function fileProblems(mapper: RouteMapper, context: HelperCheckContext, root: string, file: string, text: string): Diagnostic[] {
  const scope = helperScope(root, file);
  if (!scope) return [];
  const uses = context.uses ?? usesStoreOf(mapper, root);
  const own = helperCallDiagnostics(mapper, { ...context, uses }, file, text, scope);
  const app = context.renderedByApp?.(file);
  return app ? [...own, ...renderedByAppProblems(mapper, { ...app.context, uses }, { file, text, by: app.by, own })] : own;
}

/**
 * A checked file Routemap did not read (larger than it reads, not a regular file, unreadable):
 * said at its start, as an open document's too large one is, never passed over unsaid.
 */
export function unreadFileProblems(fs: FileSystem, root: string, file: string): Diagnostic[] {
  if (!helperScope(root, file)) return [];
  const why = fs.unreadReason?.(file);
  if (!why) return [];
  const at = { line: 0, character: 0 };
  return [{ severity: "info", code: "file-not-read", span: { file, start: at, end: at }, message: `Routemap did not read this file, so its helper calls are not checked: ${why}.` }];
}

/** The app that holds an engine, as the engine's checks see it: which of its controllers render a template by name, and its check context (asked only then; none while its helpers are not checked). */
export interface RenderingApp {
  controllersRendering(name: string): string[];
  /** Its files (views, controllers) that render `name` by its full name: a partial's renderers. */
  filesRendering(name: string): string[];
  /** What `controllersRendering` answers from, as text: it changes when a controller's render by name does. */
  rendersKey(): string;
  context(): HelperCheckContext | undefined;
}

/**
 * `HelperCheckContext.renderedByApp` of the engine at `root`: its templates that the app's
 * controllers render by their full name (`blog/posts/index`), and its partials that the app's
 * files do (`render "blog/posts/teaser"` in the app's views), with the app's context.
 */
export function appRenders(root: string, app: RenderingApp | undefined): HelperCheckContext["renderedByApp"] {
  if (!app) return undefined;
  return (path) => {
    const template = /^app\/views\/(.+)\/(_?)([^/_][^/.]*)\.[^/]+$/.exec(relative(root, path).split(sep).join("/"));
    const name = template && `${template[1]}/${template[3]}`;
    const by = !name ? [] : template[2] ? app.filesRendering(name) : app.controllersRendering(name);
    const context = by.length ? app.context() : undefined;
    return context ? { context, by } : undefined;
  };
}

/**
 * The helpers an engine's template lacks where an app's controller renders it by name: there it
 * has the app's helpers (actionview: a view's helpers are its controller's), so a helper only its
 * engine has raises NameError. Only names are said; a call already reported is not again.
 */
function renderedByAppProblems(mapper: RouteMapper, context: HelperCheckContext, o: { file: string; text: string; by: string[]; own: Diagnostic[] }): Diagnostic[] {
  const at = (d: Diagnostic) => `${d.span.start.line}:${d.span.start.character}`;
  const reported = new Set(o.own.map(at));
  const out: Diagnostic[] = [];
  for (const by of o.by) {
    // It runs in that controller's requests (a view's: its folder's controller): the app's
    // helpers, not a mounted engine's (helperCalls.ts `inAppController`).
    const controller = /app\/(?:controllers\/(.+)_controller\.rb|views\/(.+)\/[^/]+)$/.exec(by.split(sep).join("/"))?.slice(1).find(Boolean);
    const generation = { ...context.generation, requestController: () => controller };
    for (const d of helperCallDiagnostics(mapper, { ...context, generation }, o.file, o.text)) {
      if (d.code !== "unknown-helper" || reported.has(at(d))) continue;
      reported.add(at(d));
      const name = (d.data as { name?: string } | undefined)?.name ?? "";
      out.push({ ...d, message: `undefined method \`${name}' where the app's ${basename(by)} renders this template: a view has its controller's helpers, and no route, direct helper or method of the app defines it` });
    }
  }
  return out;
}

/** Whether a file of the app at `root` is one `problemFiles` lists (a file that just appeared). */
export function isProblemFile(root: string, file: string): boolean {
  return helperScope(root, file) !== undefined;
}
