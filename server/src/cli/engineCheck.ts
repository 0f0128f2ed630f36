/**
 * `routemap check` on the app's own engines (its engine folders and path gems it loads, with a
 * routes file): each engine's files checked as the language server checks them, where it takes
 * the engine as an app of its own inside the app (workspace.ts): the engine's controllers and
 * templates, what its own code defines (and the app's: an engine's controller may inherit the
 * app's), and the helper tables Rails gives each of its files (engineContexts.ts).
 */
import { urlHelperHolderLookup } from "../features/urlHelperHolders.js";
import { dirname } from "node:path";
import type { Diagnostic, EngineRoutes, MapInput, MapResult, RouteMapper, Span } from "@routemap/shared-mapper";
import type { FileSystem } from "../fileSystem.js";
import { readControllerInputs } from "./appConfig.js";
import { DefinedNames, type GemIndex } from "./helperCheck.js";
import { generationOf, type HelperCheckContext } from "../features/helperCalls.js";
import { appRenders, fileProblems, problemFiles, type RenderingApp } from "../features/appProblems.js";
import { engineControllerRoutes, engineFiles, engineToCheck } from "../features/engineContexts.js";
import { engineCause, type CheckCause } from "../features/checkStatus.js";

export interface EngineCheckInput {
  mapper: RouteMapper;
  input: MapInput;
  result: MapResult;
  fs: FileSystem;
  gems: GemIndex;
  /** Names the app's own code defines. */
  appDefined: ReadonlySet<string>;
  /** The app's `default_url_options` keys where no request is (an engine's mailers inherit `ActionMailer::Base`'s). */
  appUrlDefaults?: HelperCheckContext["generation"]["defaults"];
  /** Whether a controller of the app sets its requests' URL options (an engine's controller may inherit it). */
  appRequestUrlOptions?: boolean;
  /** The app's context and its renders by name: an engine's template it renders is checked there too. */
  app?: RenderingApp;
}

/**
 * The findings of every engine of the app whose files' context is known, engine by engine; each
 * engine of the app's own with a routes file that is not checked goes to `skipped`, with why (the
 * editor says it at that folder too).
 */
export function engineProblems(o: EngineCheckInput, push: (d: Diagnostic) => void, skipped: (cause: CheckCause & { span: Span }) => void = () => {}): void {
  for (const source of o.input.engines ?? []) {
    if (source.external || !source.routes) continue;
    const plan = engineToCheck(source, o.result);
    if ("why" in plan) {
      skipped(engineCause(plan.why, source.routes, "partial"));
      continue;
    }
    const context = engineContext(o, source.routes, plan);
    if (!context) continue;
    const root = context.root;
    for (const file of problemFiles(root, o.fs)) {
      const text = o.fs.readFile(file);
      if (text !== undefined) for (const d of fileProblems(o.mapper, context.check, root, file, text)) push(d);
    }
  }
}

/** One engine's check context, or undefined when its class is not known. */
function engineContext(o: EngineCheckInput, routesFile: string, engine: EngineRoutes): { root: string; check: HelperCheckContext } | undefined {
  const { mapper, result, fs, gems } = o;
  const root = dirname(dirname(routesFile));
  const files = engineFiles({ root, engine, app: result });
  if (!files) return undefined;
  const read = (p: string) => fs.readFile(p);
  const names = new DefinedNames(root, [], fs, read, mapper);
  const controllerRoutes = engineControllerRoutes(engine.routes, result.routes);
  const { files: controllers, views } = readControllerInputs(root, fs);
  const model = mapper.controllers({ files: controllers, views, root, read, gems: o.input.options?.gems, gemMacros: gems.macros, inflections: result.inflections });
  const generation = generationOf(names, () => model, { root, rubyVersion: o.input.options?.rubyVersion, read, table: () => result, gemUrlOptions: gems.urlOptions, gemUrlOptionsControllers: gems.urlOptionsControllers, gemLayouts: gems.layouts, hostUrlDefaults: o.appUrlDefaults, hostRequestUrlOptions: o.appRequestUrlOptions, controllerRoutes: () => controllerRoutes, urlHelperHolders: urlHelperHolderLookup({ root, table: () => result, read, holders: (path, text) => mapper.urlHelperHolders(path, text) }) });
  const defined = new Set([...o.appDefined, ...names.all()]);
  return { root, check: { tables: files.tables, tablesFor: files.tablesFor, defined, gems: gems.helpers, gemMentions: gems.mentioned, generation, renderedByApp: appRenders(root, o.app) } };
}
