/**
 * Rename a route's helpers: the name written in the routes file (an `as:` value, or a
 * resource's or namespace's name, which gets an `as:` so its paths and controllers stay) and
 * every call of its helpers in the app's views, controllers, helpers, mailers and tests, in one
 * workspace edit.
 *
 * Safety comes from the mapper, not from guessing at Rails' naming rules: the edited routes
 * file is mapped again, and the rename is offered only when the new table is the old one with
 * some names changed (same verbs, paths, controllers, actions, requirements, defaults; no new
 * error), each old name becoming one new name that nothing else has. Refused, with the reason:
 * a name built at run time, a route a gem or Rails draws, code Routemap did not evaluate, a
 * name the app's own code also defines, and a polymorphic target (`redirect_to @post`), whose
 * helper Rails derives from the model's name and which a rename would break.
 */
import type { Declaration, LiteralArgument, MapResult, Route, Span } from "@routemap/shared-mapper";
import { isDefinedName } from "@routemap/shared-mapper";
import { ErrorCodes, ResponseError, type Position, type Range, type TextEdit, type WorkspaceEdit } from "vscode-languageserver/node";
import { contains, toRange, toUri } from "../convert.js";
import type { RailsApp } from "../workspace.js";
import { siteAt, type Site } from "./declarations.js";
import { mayBeMissing } from "./helperCalls.js";
import { useAt } from "./references.js";
import { usesAcrossApps } from "./engineUses.js";

/** A name a rename may write: what Rails turns into a helper method's name. */
const NAME = /^[a-z_][a-z0-9_]*$/;
/** The DSL calls whose first argument names routes, and which take `as:` without changing anything else. */
const NAMING = new Set(["resources", "resource", "namespace"]);

/** What a rename edits in the routes file. */
interface NameSource {
  /** The literal's name, without its colon or quotes. */
  span: Span;
  value: string;
  /** A resource's or namespace's name: the rename adds `as:` after it instead of replacing it. */
  addAs: boolean;
  /** What is selected at the cursor, and how its new text becomes the literal's. */
  range: Range;
  placeholder: string;
  literalFor(newText: string): string;
  /** The app or engine folder whose table holds the route, when not the file's own (an engine's file calling the app's route). */
  app?: RailsApp;
}

/** A refusal the editor shows: the cursor is on a route's name that cannot be renamed safely. */
export class RenameRefused extends ResponseError<void> {
  constructor(message: string) {
    super(ErrorCodes.InvalidRequest, message);
    // ResponseError sets its own prototype in its constructor: a subclass restores its own.
    Object.setPrototypeOf(this, RenameRefused.prototype);
  }
}

export function prepareRename(app: RailsApp, file: string, text: string, position: Position, isRoutesFile: boolean): { range: Range; placeholder: string } | null {
  const source = isRoutesFile ? sourceInRoutesFile(app, file, text, position) : sourceAtCall(app, file, text, position);
  return source ? { range: source.range, placeholder: source.placeholder } : null;
}

export function rename(calledFrom: RailsApp, file: string, text: string, position: Position, isRoutesFile: boolean, newText: string): WorkspaceEdit | null {
  const source = isRoutesFile ? sourceInRoutesFile(calledFrom, file, text, position) : sourceAtCall(calledFrom, file, text, position);
  if (!source) return null;
  // The table the route is in: an engine's file may call the app's routes (`main_app.`, or bare in an engine that isolates nothing).
  const app = source.app ?? calledFrom;
  const literal = source.literalFor(newText);
  if (!NAME.test(literal)) throw new RenameRefused(`\`${newText}\` would not make a Ruby method's name: use lowercase letters, digits and underscores`);
  // The same name: nothing to change (a resource keeps its name without an `as:`).
  if (literal === source.value) return { changes: {} };
  const routesText = app.workspaceText(source.span.file) ?? "";
  const edit: TextEdit = source.addAs
    ? { range: { start: source.span.end, end: source.span.end }, newText: `, as: :${literal}` }
    : { range: toRange(source.span), newText: literal };
  const renamed = renamedNames(app, source.span.file, applyEdit(routesText, edit));
  const changes: Record<string, TextEdit[]> = { [toUri(source.span.file)]: [edit] };
  const byName = new Map<string, string>();
  for (const [route, name] of renamed) byName.set(route.name, name);
  for (const use of usesAcrossApps(app, new Set(renamed.keys()))) {
    if (use.kind === "polymorphic") {
      const at = `${relativeTo(app, use.path)}:${use.span.start.line + 1}`;
      throw new RenameRefused(`${at} calls ${use.helpers!.map((h) => `\`${h}\``).join(" or ")} from a record's model name: renaming the route would break it`);
    }
    if (use.kind !== "helper" || !use.name) continue;
    if (use.uncertain) {
      throw new RenameRefused(`${relativeTo(app, use.path)}:${use.span.start.line + 1} calls \`${use.name}\` outside views, controllers, helpers and tests, where it may be a method of its own: Routemap does not rename it`);
    }
    const [, base, suffix] = /^(.*)_(path|url)$/.exec(use.name)!;
    const to = byName.get(base);
    if (to === undefined) continue;
    (changes[toUri(use.path)] ??= []).push({ range: toRange(use.span), newText: `${to}_${suffix}` });
  }
  return { changes };
}

/** The text with one edit made (positions in UTF-16 units, as LSP and the spans count them). */
function applyEdit(text: string, edit: TextEdit): string {
  const offset = (p: Position) => {
    let at = 0;
    for (let line = 0; line < p.line; line++) at = text.indexOf("\n", at) + 1;
    return at + p.character;
  };
  return text.slice(0, offset(edit.range.start)) + edit.newText + text.slice(offset(edit.range.end));
}

/**
 * Maps the app with the edited routes file and compares: the routes whose names changed, and
 * what each is called now; refused when anything but names changed.
 */
function renamedNames(app: RailsApp, file: string, edited: string): Map<Route, string> {
  const before = app.table();
  const after = app.tableWith(file, edited);
  const errors = (r: MapResult) => r.diagnostics.filter((d) => d.severity === "error");
  const newError = errors(after).find((d) => !errors(before).some((b) => b.message === d.message));
  if (newError) throw new RenameRefused(`the routes would not be drawn as before: ${newError.message}`);
  const renamed = new Map<Route, string>();
  const tables: [Route[], Route[]][] = [[before.routes, after.routes]];
  for (const engine of before.engines) tables.push([engine.routes, after.engines.find((e) => e.name === engine.name)?.routes ?? []]);
  const oldToNew = new Map<string, string>();
  /** The tables (0: the app's, 1…: its engines') in which a route is renamed. */
  const renamedIn = new Set<number>();
  tables.forEach(([old, now], table) => {
    if (old.length !== now.length) throw new RenameRefused("the new name would change which routes are drawn");
    old.forEach((route, i) => {
      const next = now[i];
      if (shape(route) !== shape(next)) throw new RenameRefused(`the new name would change more than names: \`${route.verb} ${route.path}\` (${route.reqs}) would become \`${next.verb} ${next.path}\` (${next.reqs})`);
      if (route.name === next.name) return;
      // An engine's route: its calls through the mounts' proxies (`blog.x_path`) are renamed too (engineUses.ts).
      renamedIn.add(table);
      // Rails gives a name it makes itself only when no route has it yet (`name_for_action`): a taken one is dropped silently.
      if (!next.name) throw new RenameRefused(`\`${route.name}\` (${route.verb} ${route.path}) would lose its name: the new one takes it first`);
      if (!route.name) throw new RenameRefused(`${route.verb} ${route.path} would be named \`${next.name}\`, which it is not now`);
      const earlier = oldToNew.get(route.name);
      if (earlier !== undefined && earlier !== next.name) throw new RenameRefused(`\`${route.name}\` would become both \`${earlier}\` and \`${next.name}\``);
      oldToNew.set(route.name, next.name);
      renamed.set(route, next.name);
    });
  });
  if (!renamed.size) throw new RenameRefused("the new name changes no route's name");
  // A new name must be free in the tables whose routes are renamed (an engine's helpers are its own).
  const kept = new Set([...renamedIn].flatMap((t) => tables[t][0]).map((r) => r.name).filter((n) => n && !oldToNew.has(n)));
  const defined = app.definedHelperNames();
  const gems = app.installedGems();
  // A gem's method of that name (when the gems are not known, only the app's own code is looked at).
  const gemDefines = (name: string) => !("why" in gems) && (gems.helpers.has(`${name}_path`) || gems.helpers.has(`${name}_url`));
  for (const name of new Set(oldToNew.values())) {
    if (kept.has(name)) throw new RenameRefused(`a route named \`${name}\` already exists`);
    if (isDefinedName(defined, `${name}_path`) || isDefinedName(defined, `${name}_url`)) throw new RenameRefused(`the app's own code defines or names \`${name}_path\` or \`${name}_url\``);
    if (gemDefines(name)) throw new RenameRefused(`a gem of the app defines \`${name}_path\` or \`${name}_url\``);
    const open = [...renamedIn].map((t) => mayBeMissing(before.openRegions, `${name}_path`, t === 0 ? undefined : before.engines[t - 1].name)).find((r) => r);
    if (open) throw new RenameRefused(`Routemap could not evaluate ${relativeTo(app, open.span.file)}:${open.span.start.line + 1}, which may draw a route named \`${name}\``);
  }
  for (const name of oldToNew.keys()) {
    if (gemDefines(name)) throw new RenameRefused(`a gem of the app defines \`${name}_path\` or \`${name}_url\` too: its calls may not be the route's`);
    if (isDefinedName(defined, `${name}_path`) || isDefinedName(defined, `${name}_url`)) {
      throw new RenameRefused(`the app's code also names \`${name}_path\` or \`${name}_url\` in a \`def\`, a symbol or a string (\`send\`, \`helper_method\`, \`let\`…), which a rename cannot follow`);
    }
  }
  return renamed;
}

/** Everything of a route but its name. */
function shape(r: Route): string {
  return JSON.stringify([r.verb, r.path, r.reqs, r.controller, r.action, r.defaults, r.requirements, r.engine ?? null]);
}

function relativeTo(app: RailsApp, path: string): string {
  return path.startsWith(app.root + "/") ? path.slice(app.root.length + 1) : path;
}

/** The name under the cursor in a routes file, if it names routes; refused when it cannot be renamed. */
function sourceInRoutesFile(app: RailsApp, file: string, text: string, position: Position): NameSource | undefined {
  const result = app.table();
  const site = siteAt(result, file, position);
  const literal = site?.first.literals.find((l) => contains(l.span, position.line, position.character));
  if (!literal) {
    const region = result.openRegions.find((r) => r.span.file === file && contains(r.span, position.line, position.character));
    if (region) throw new RenameRefused(`Routemap did not evaluate this code (${region.reason.replace(/\.$/, "")}): its routes' names are not known`);
  }
  if (!site) return undefined;
  refuseForeign(site);
  if (!literal) {
    // `as: prefix + "_feed"`, `as: name`: the cursor is on the value of an `as:` that is no literal.
    const line = text.split("\n")[position.line] ?? "";
    if (/\bas:\s*[^,]*$/.test(line.slice(0, position.character)) && !/^\s*(?:#|$)/.test(line.slice(position.character))) {
      throw new RenameRefused("this route's name is built at run time: only a name written as a literal can be renamed");
    }
    return undefined;
  }
  return nameSource(app, site, literal, text);
}

/** Refuses a call whose routes a gem or Rails itself draws. */
function refuseForeign(site: Site): void {
  const origin = site.declarations.find((d: Declaration) => d.origin)?.origin;
  if (origin) throw new RenameRefused(`these routes are drawn by ${origin}: their names are not the app's to change`);
}

function nameSource(app: RailsApp, site: Site, literal: LiteralArgument, text: string): NameSource | undefined {
  const method = site.first.method;
  const positional = site.first.literals.filter((l) => l.key === undefined);
  const hasAs = site.first.literals.some((l) => l.key === "as");
  const addAs = literal.key === undefined && NAMING.has(method) && positional.length === 1 && positional[0] === literal && !hasAs;
  if (literal.key !== "as" && !addAs) {
    // Another option (`to:`, `only:`, `path:`…) names no route.
    if (literal.key !== undefined) return undefined;
    if (NAMING.has(method) && hasAs) throw new RenameRefused("its routes are named by its `as:`: rename that instead");
    throw new RenameRefused(`\`${literal.value}\` is not only a name here (it makes the route's path, action or controller): give the route \`as:\` to rename its helpers`);
  }
  const written = literalText(literal, text);
  if (!written || !NAME.test(literal.value)) throw new RenameRefused("only a name written as a plain symbol or string can be renamed");
  if (!app.mayWrite(literal.span.file)) throw new RenameRefused("the routes file is outside the workspace");
  return { span: written, value: literal.value, range: toRange(written), placeholder: literal.value, literalFor: (t: string) => t, addAs };
}

/** The span of a literal's name inside its quotes or after its colon, when the text is plain. */
function literalText(literal: LiteralArgument, text: string): Span | undefined {
  const { start, end } = literal.span;
  if (start.line !== end.line) return undefined;
  const source = text.split("\n")[start.line]?.slice(start.character, end.character) ?? "";
  const m = /^(:|"|'|:"|:')?([a-z_][a-z0-9_]*)("|')?$/.exec(source);
  if (!m || m[2] !== literal.value) return undefined;
  const from = start.character + (m[1]?.length ?? 0);
  return { file: literal.span.file, start: { line: start.line, character: from }, end: { line: start.line, character: from + m[2].length } };
}

/**
 * At a helper call (`admin_stats_path`): the route's `as:` literal, when its value is written
 * once in the helper's name (the part selected); a name made from a resource is renamed in the
 * routes file.
 */
function sourceAtCall(calledFrom: RailsApp, file: string, text: string, position: Position): NameSource | undefined {
  const use = useAt(calledFrom, file, text, position);
  if (!use || use.kind !== "helper" || !use.name) return undefined;
  const route = use.routes[0];
  if (!route) {
    const custom = calledFrom.table().customHelpers.find((h) => h.helpers.includes(use.name!));
    if (custom?.origin) throw new RenameRefused(`\`${use.name}\` is drawn by ${custom.origin}: its name is not the app's to change`);
    if (custom) throw new RenameRefused(`\`${use.name}\` is a \`${custom.kind}\` helper: Routemap renames the names of routes only`);
    return undefined;
  }
  if (route.origin) throw new RenameRefused(`\`${use.name}\` is drawn by ${route.origin}: its name is not the app's to change`);
  const app = holderOf(calledFrom, route);
  const result = app.table();
  // An engine's route called through its mount (`blog.entries_path`): its routes file is the engine's, of the workspace.
  const engineRoute = result.engines.some((e) => e.routes.includes(route)) && app.appOwning(route.source.file)?.isRoutesFile(route.source.file);
  // Or an engine's routes file this app draws into its own routes (nhrihub's vendor/gems/*).
  const drawnHere = app.appOwning(route.source.file)?.hostDrawing(route.source.file) === app;
  if (!app.isRoutesFile(route.source.file) && !engineRoute && !drawnHere) throw new RenameRefused(`\`${use.name}\` is drawn outside this app's routes files (${route.source.file})`);
  const site = siteAt(result, route.source.file, route.source.start);
  if (!site) return undefined;
  refuseForeign(site);
  const routesText = app.workspaceText(route.source.file) ?? "";
  const as = site.first.literals.find((l) => l.key === "as");
  const where = `${relativeTo(app, route.source.file)}:${route.source.start.line + 1}`;
  if (!as) throw new RenameRefused(`\`${use.name}\` is named by \`${site.first.label}\` (${where}): rename it there`);
  const source = nameSource(app, site, as, routesText);
  if (!source) return undefined;
  const words = `_${route.name}_`;
  const at = words.indexOf(`_${as.value}_`);
  if (at < 0 || words.indexOf(`_${as.value}_`, at + 1) >= 0) throw new RenameRefused(`\`${use.name}\` is named by \`${site.first.label}\` (${where}): rename it there`);
  const from = use.span.start.character + at;
  return { ...source, range: { start: { line: use.span.start.line, character: from }, end: { line: use.span.start.line, character: from + as.value.length } }, ...(app !== calledFrom ? { app } : {}) };
}

/** The folder whose table holds a route: the caller's own, else another of the workspace (the app holding an engine, RailsApp.helperTablesAt). */
function holderOf(app: RailsApp, route: Route): RailsApp {
  const holds = (a: RailsApp) => a.table().routes.includes(route) || a.table().engines.some((e) => e.routes.includes(route));
  return holds(app) ? app : (app.otherApps().find(holds) ?? app);
}
