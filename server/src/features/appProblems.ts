/**
 * The app's files whose URL helper calls are checked, and one file's check: the one
 * implementation behind `routemap check` (every file, once) and the language server (each
 * file, open or not, again as it changes; `workspaceProblems.ts`). Their findings are the same.
 */
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
  return scope ? helperCallDiagnostics(mapper, context.uses ? context : { ...context, uses: usesStoreOf(mapper, root) }, file, text, scope) : [];
}

/** Whether a file of the app at `root` is one `problemFiles` lists (a file that just appeared). */
export function isProblemFile(root: string, file: string): boolean {
  return helperScope(root, file) !== undefined;
}
