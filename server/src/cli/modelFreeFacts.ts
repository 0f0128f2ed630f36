/**
 * What `routemap check` reads ahead of a file before the controller model is known: the facts
 * `fileProblems` will ask of it when they do not depend on the model. Shared by the main thread
 * (the controllers it reads itself) and the facts worker (the checked files it reads for the
 * main thread: factsWorkers.ts `readFiles`).
 */
import { helperScope, relativePosix } from "./helperCheck.js";
import { mayUseUrls } from "../features/helperCalls.js";
import type { FactsJob, FileUsesStore } from "../features/fileUses.js";

/**
 * What `fileProblems` will ask `uses` of a file that is not a template its controller's action
 * renders, when the store lacks it, before the check's context is known: a controller's uses are
 * asked with `controller`, another file's under app/ and spec/ without, and a model's or lib/
 * file's with no targets (helperCalls.ts `generationOf`'s `polymorphic`). A guess: a file asked
 * otherwise is read again in the main thread (the facts' key holds what they were read for).
 */
export function modelFreeUses(uses: FileUsesStore, root: string, file: string, text: string | undefined): FactsJob | undefined {
  const scope = text === undefined ? undefined : helperScope(root, file);
  if (!scope || !mayUseUrls(text!, scope)) return undefined;
  if (scope === "explicit") return uses.wanted("e", file, text!);
  // A template not a partial nor a layout: its uses are asked on its action (viewAssigns), known from the model.
  const rel = relativePosix(root, file);
  if (/^app\/views\/.+\/[^/_.][^/]*$/.test(rel) && !rel.startsWith("app/views/layouts/")) return undefined;
  const controller = file.startsWith(`${root}/app/controllers/`) && file.endsWith("_controller.rb");
  return uses.wanted(controller ? "c" : "a", file, text!, { controller, root });
}
