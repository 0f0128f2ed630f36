/**
 * Which checks are off or partial for an app, and why: each cause with its place (the span of
 * routes Routemap could not evaluate, the Gemfile.lock line of a gem it did not find) and the
 * checks it turns off. The language server shows them (an info at each place, the status bar
 * through `routemap/didChangeRoutes`, `routemap/status`); `routemap check` prints the same lines.
 * What turns a check off is decided elsewhere (helperCalls.ts `mayBeMissing`/`regionReaches`,
 * shared-mapper's `openFor`, helperCheck.ts `readInstalledGems`): this module only says it.
 */
import type { Diagnostic, MapResult, OpenRegion, Span, TestSupportCause } from "@routemap/shared-mapper";
import type { AppGems } from "../cli/appGems.js";
import { toRange, toUri } from "../convert.js";

export interface CheckCause {
  /** Where it is, when it has a place in a file. */
  span?: Span;
  /** What it is, in one line. */
  reason: string;
  /** The checks it turns off, as the user reads them. */
  notChecked: string[];
  /** `off`: a check is off for the whole app; `partial`: for some names or controllers only. */
  extent: "off" | "partial";
  code: "open-region" | "gem-not-installed" | "gem-not-read" | "no-lockfile" | "restricted" | "url-options" | "engine-not-checked" | "test-helpers";
}

export interface CheckStatus {
  /** `on`: every check runs; `partial`: some names or controllers are not checked; `off`: a check is off for the whole app. */
  checks: "on" | "partial" | "off";
  /** One line for a status bar: "helper checks off", "helper names unchecked", "checks partial", or none. */
  summary: string;
  causes: CheckCause[];
}

/** What a gem that cannot be read turns off: anything a gem may define is unknown. */
export const GEM_CHECKS = ["URL helper calls (a gem may define the helper)", "controllers a route names that the app does not define (a gem may)"];

/**
 * The status of an app's checks from its causes. Off for the whole app: every helper check (the
 * gems' definitions unknown), or only whether a helper's name exists (a part of the routes with
 * no scope name could draw any).
 */
export function checkStatus(causes: CheckCause[]): CheckStatus {
  const off = causes.filter((c) => c.extent === "off");
  const checks = off.length ? "off" : causes.length ? "partial" : "on";
  const summary = off.some((c) => c.code !== "open-region") ? "helper checks off" : off.length ? "helper names unchecked" : causes.length ? "checks partial" : "";
  return { checks, summary, causes };
}

/**
 * The parts of the routes Routemap could not evaluate: each may draw routes under its scope, so
 * the helper names and controllers that scope covers are not checked. One cause per place
 * (a region in a loop is met once per run).
 */
export function regionCauses(result: Pick<MapResult, "openRegions">): CheckCause[] {
  const byPlace = new Map<string, CheckCause>();
  // What each place leaves unchecked, as a set: a region in a loop of thousands is met as often.
  const listed = new Map<CheckCause, Set<string>>();
  for (const region of result.openRegions ?? []) {
    const { span } = region;
    const key = placeOf(span);
    const cause = byPlace.get(key);
    const off = regionChecks(region);
    if (cause) {
      const seen = listed.get(cause) ?? listed.set(cause, new Set(cause.notChecked)).get(cause)!;
      for (const what of off) if (!seen.has(what)) (seen.add(what), cause.notChecked.push(what));
      if (region.namePrefix === undefined && !region.engine) cause.extent = "off";
      continue;
    }
    byPlace.set(key, {
      span,
      reason: region.reason.split("\n")[0],
      notChecked: off,
      // With no scope name, no helper name the table lacks can be said to be missing.
      extent: region.namePrefix === undefined && !region.engine ? "off" : "partial",
      code: "open-region",
    });
  }
  return [...byPlace.values()];
}

/** What one open region turns off (helperCalls.ts `mayBeMissing`, `regionReaches`; checks.ts `openFor`). */
function regionChecks(region: OpenRegion): string[] {
  const prefix = region.namePrefix;
  const names = prefix === undefined ? "helper calls of names the route table lacks" : `helper calls named ${prefix}_… or …_${prefix}_…`;
  if (region.engine) return [`${names} on ${region.engine}'s routes`];
  // A redirect reaches no controller: only its name is unknown.
  if (region.redirects) return [names];
  const module = region.module;
  return [
    names,
    module === undefined ? "url_for hashes no route leads to" : `url_for hashes to controllers under ${module}/`,
    module === undefined ? "actions no route reaches" : `actions no route reaches in controllers under ${module}/`,
    // checks.ts `unknownScopes`: the method's scope may put the block's routes under another controller.
    ...(region.unknownScope ? [`the controllers and actions of the routes in \`${region.unknownScope}\`'s block`] : []),
  ];
}

/**
 * The gems whose definitions are unknown: each locked gem not installed where Routemap looks
 * (at its line in Gemfile.lock), each installed one whose files cannot be read; or no
 * Gemfile.lock. `lock`: Gemfile.lock's path and text, for the lines.
 */
export function gemCauses(gems: AppGems | undefined, lock: { path: string; text: string | undefined }): CheckCause[] {
  if (!gems) return [{ reason: "there is no Gemfile.lock to say which gems the app has", notChecked: GEM_CHECKS, extent: "off", code: "no-lockfile" }];
  const causes: CheckCause[] = [];
  const lockLine = lockLines(lock);
  for (const gem of gems.missing.length > MAX_GEM_CAUSES ? [] : gems.missing) {
    causes.push({
      span: lockLine(gem.name),
      reason: `the gem ${gem.name} (${gem.version}) is not installed where Routemap looks (${gems.whereLooked(gem)})`,
      notChecked: GEM_CHECKS,
      extent: "off",
      code: "gem-not-installed",
    });
  }
  // Most of the lockfile not found (an app not installed yet, or installed where Routemap does not
  // look): one cause, at the first one's line, not an info on every line of Gemfile.lock.
  if (gems.missing.length > MAX_GEM_CAUSES) {
    const [first, ...rest] = gems.missing;
    const others = rest.slice(0, NAMED_GEMS).map((g) => g.name).join(", ");
    causes.push({
      span: lockLine(first.name),
      reason: `${gems.missing.length} gems of Gemfile.lock are not installed where Routemap looks: ${first.name} (${first.version}) (${gems.whereLooked(first)}), ${others} and ${rest.length - Math.min(rest.length, NAMED_GEMS)} more (has \`bundle install\` run?)`,
      notChecked: GEM_CHECKS,
      extent: "off",
      code: "gem-not-installed",
    });
  }
  // Gems not found already turn the checks off: the installed ones' files are read once they are all found.
  if (causes.length) return causes;
  for (const name of gems.installed.keys()) {
    const facts = gems.facts(name);
    if (facts && "why" in facts) causes.push({ span: lockLine(name), reason: facts.why, notChecked: GEM_CHECKS, extent: "off", code: "gem-not-read" });
  }
  return causes;
}

/** The most gems not found said each at its line of Gemfile.lock; past it, one cause names the first few. */
const MAX_GEM_CAUSES = 10;
const NAMED_GEMS = 5;

/** What URL options Routemap cannot read turn off (helperCalls.ts `generationOf`: `defaults`, `recall`). */
const NO_REQUEST_PARTS = "helper calls missing a required part where no request is (mailers, their templates, Rails.application.routes.url_helpers)";
const ACTION_PARTS = "helper calls missing a required part in controller actions";

/**
 * The URL options Routemap cannot read: a file's `default_url_options` it cannot read (every
 * missing part where no request is goes unchecked; said at the first setting it cannot read), a controller's `url_options` or a gem's
 * (a request's URLs may get any key). `read`: a file's text, for the place it names them.
 */
export function urlOptionsCauses(
  o: { unknown: readonly { path: string; at?: Span; classes?: readonly string[] }[]; controllers: readonly string[]; gems: readonly string[]; gemControllers?: readonly { gem: string; className: string }[] },
  read: (path: string) => string | undefined,
  lock: { path: string; text: string | undefined },
): CheckCause[] {
  const at = (path: string) => firstMention(path, read(path));
  const gemControllers = o.gemControllers ?? [];
  const lockLine = o.gems.length || gemControllers.length ? lockLines(lock) : undefined;
  return [
    ...o.unknown.map(({ path, at: where, classes }): CheckCause =>
      classes
        ? { span: where ?? at(path), reason: `Routemap cannot read the \`default_url_options\` ${classes.join(" and ")} ${classes.length === 1 ? "defines" : "define"} for ${classes.length === 1 ? "its" : "their"} own URLs`, notChecked: ["helper calls missing a required part in this file"], extent: "partial", code: "url-options" }
        : { span: where ?? at(path), reason: "Routemap cannot read the `default_url_options` this file sets", notChecked: [NO_REQUEST_PARTS], extent: "partial", code: "url-options" },
    ),
    ...o.controllers.map((path): CheckCause => ({ span: at(path), reason: "this controller sets the options of its requests' URLs (`url_options`)", notChecked: [ACTION_PARTS], extent: "partial", code: "url-options" })),
    ...o.gems.map((name): CheckCause => ({ span: lockLine!(name), reason: `the gem ${name} sets \`url_options\` or \`default_url_options\``, notChecked: [ACTION_PARTS], extent: "partial", code: "url-options" })),
    ...gemControllers.map(({ gem, className }): CheckCause => ({
      span: lockLine!(gem),
      reason: `the gem ${gem} sets \`url_options\` or \`default_url_options\` in its controllers, which the app's controllers that inherit or include ${className} may get`,
      notChecked: [`${ACTION_PARTS} that inherit or include ${className}`],
      extent: "partial",
      code: "url-options",
    })),
  ];
}

/**
 * What the app's test helpers run before each integration test or request spec that Routemap
 * cannot follow (testSupport.ts): a hook that makes a request leaves a test's calls before its
 * own first request unchecked; one that may set URL options, all its calls. `root`: the app's,
 * which the helpers' places are relative to.
 */
export function testHelperCauses(causes: readonly TestSupportCause[], root: string): CheckCause[] {
  return causes.map((c) => {
    const tests = (c.tests === "integration" ? "integration tests" : "request specs") + taggedSo(c.tags);
    const span = { ...c.span, file: `${root}/${c.span.file}` };
    return c.effect === "requests"
      ? { span, reason: `this makes a request before each of the app's ${tests}, whose path parameters Routemap does not carry into the tests`, notChecked: [`missing parts of URL helper calls in ${tests} before their own first request`], extent: "partial", code: "test-helpers" }
      : c.name
        ? { span, reason: `Routemap cannot tell whether \`${c.name}\` makes a request or sets URL options (it is not defined in the app's test helpers, nor in a gem's module Routemap reads), and this runs before each of the app's ${tests}`, notChecked: [`missing parts of URL helper calls in ${tests}`], extent: "partial", code: "test-helpers" }
        : { span, reason: `Routemap cannot tell whether this makes a request or sets URL options before each of the app's ${tests}`, notChecked: [`missing parts of URL helper calls in ${tests}`], extent: "partial", code: "test-helpers" };
  });
}

/** ` tagged :a and :b` (a hook's tags, all needed) or ` tagged :a or :b` (a module's, any): the specs it reaches. */
function taggedSo(tags: TestSupportCause["tags"]): string {
  if (!tags) return "";
  const names = tags.names.map((t) => `\`:${t}\``);
  return ` tagged ${names.length > 1 ? `${names.slice(0, -1).join(", ")} ${tags.match === "all" ? "and" : "or"} ${names.at(-1)}` : names[0]}`;
}

/** The first `url_options` (or `default_url_options`) in a file, else its start. */
function firstMention(path: string, text: string | undefined): Span {
  const lines = (text ?? "").split("\n");
  for (let line = 0; line < lines.length; line++) {
    const at = lines[line].search(/\b(?:default_)?url_options\b/);
    if (at >= 0) {
      const word = /^(?:default_)?url_options/.exec(lines[line].slice(at))![0];
      return { file: path, start: { line, character: at }, end: { line, character: at + word.length } };
    }
  }
  return { file: path, start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
}

/**
 * An engine folder whose files `routemap check` on its app leaves out (engineContexts.ts
 * `engineToCheck`): the editor leaves them out too, and says why at the engine's routes file.
 * `extent`: off for the engine's folder (the editor's app), partial for the app that holds it.
 */
export function engineCause(why: string, routesFile: string, extent: CheckCause["extent"]): CheckCause & { span: Span } {
  const at = { line: 0, character: 0 };
  return { span: { file: routesFile, start: at, end: at }, reason: `This engine's files are not checked: ${why}`, notChecked: ["URL helper calls of the engine's files"], extent, code: "engine-not-checked" };
}

/** In a restricted workspace nothing outside it is read, installed gems included. */
export function restrictedCause(reason: string): CheckCause {
  return { reason, notChecked: GEM_CHECKS, extent: "off", code: "restricted" };
}

/**
 * Where each gem is named in Gemfile.lock: its line in a source's specs (`    devise (4.8.1)`),
 * else its first mention (`  devise!` under DEPENDENCIES). One pass over the file: a hostile
 * lockfile may name a hundred thousand gems Routemap does not find.
 */
function lockLines(lock: { path: string; text: string | undefined }): (name: string) => Span {
  const specs = new Map<string, number>();
  const mentions = new Map<string, number>();
  const lines = (lock.text ?? "").split("\n");
  for (let line = 0; line < lines.length; line++) {
    const text = lines[line];
    let indent = 0;
    while (text.charCodeAt(indent) === 32) indent++;
    if (indent === 0 || indent === text.length) continue;
    let end = indent;
    while (end < text.length && !/[\s(!]/.test(text[end])) end++;
    const name = text.slice(indent, end);
    if (indent === 4 && text.startsWith(" (", end)) {
      if (!specs.has(name)) specs.set(name, line);
    } else if (!mentions.has(name)) mentions.set(name, line);
  }
  return (name) => {
    const line = specs.get(name) ?? mentions.get(name);
    if (line === undefined) return { file: lock.path, start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const indent = lines[line].length - lines[line].trimStart().length;
    return { file: lock.path, start: { line, character: indent }, end: { line, character: indent + name.length } };
  };
}

/** The most of a cause's unchecked names a message lists; `check --format json` gives them all. */
const NOTE_ITEMS = 8;

/**
 * The words an info (or the diagnostic it joins) adds at a cause's place. A region a method runs
 * for every call (laa-apply-for-criminal-legal-aid's `crud_step`, 40 calls) leaves as many names
 * unchecked: the first few are said, and how many more, not a hover of a hundred lines.
 */
export function causeNote(cause: CheckCause): string {
  const items = cause.notChecked;
  const more = items.length - NOTE_ITEMS;
  const listed = more > 1 ? `${items.slice(0, NOTE_ITEMS).join("; ")}; and ${more} more like them` : items.join("; ");
  return `Not checked because of this: ${listed}.`;
}

/** The info at a cause's place when no diagnostic of the table is there to say the reason. */
export function causeDiagnostic(cause: CheckCause & { span: Span }): Diagnostic {
  const what = cause.code === "open-region" ? "Routemap could not evaluate this, so routes may be missing here" : capitalize(cause.reason);
  return { severity: "info", code: "checks-off", span: cause.span, message: `${what}. ${causeNote(cause)}` };
}

/**
 * The table's diagnostics with the causes said where they are: a diagnostic at a cause's very
 * place (the mapper reports each region it opens, in its own words) says what is not checked
 * too; a cause with none there gets an info of its own. Causes with no place are left out.
 */
export function withCauses(diagnostics: readonly Diagnostic[], causes: readonly CheckCause[]): Diagnostic[] {
  const out = [...diagnostics];
  const placed = causes.filter((c) => c.span);
  if (!placed.length) return out;
  // The diagnostics by place, once: a hostile routes file has thousands of both.
  const byPlace = new Map<string, number[]>();
  out.forEach((d, i) => {
    const key = placeOf(d.span);
    const list = byPlace.get(key);
    if (list) list.push(i);
    else byPlace.set(key, [i]);
  });
  for (const cause of placed) {
    const span = cause.span!;
    // The diagnostic that gives the reason, else an info there, else any there: one squiggle per place.
    const there = byPlace.get(placeOf(span)) ?? [];
    const at = there.find((i) => out[i].message.split("\n")[0] === cause.reason) ?? there.find((i) => out[i].severity === "info") ?? there[0];
    if (at !== undefined) out[at] = { ...out[at], message: `${out[at].message.replace(/\n+$/, "")}\n${causeNote(cause)}` };
    else out.push(causeDiagnostic({ ...cause, span }));
  }
  return out;
}

function placeOf(span: Span): string {
  return `${span.file}:${span.start.line}:${span.start.character}:${span.end.line}:${span.end.character}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A cause as the protocol sends it (`routemap/status`, `routemap/didChangeRoutes`'s `status`). */
export interface ProtocolCause {
  uri?: string;
  range?: { start: { line: number; character: number }; end: { line: number; character: number } };
  reason: string;
  notChecked: string[];
  extent: CheckCause["extent"];
  code: CheckCause["code"];
}

/** An app's status for the client: at most MAX_SENT causes (a lockfile of a hundred gems not found), and how many there are. */
export function protocolStatus(causes: readonly CheckCause[]): Omit<CheckStatus, "causes"> & { causes: ProtocolCause[]; total: number } {
  const status = checkStatus([...causes]);
  const sent = causes.slice(0, MAX_SENT).map(({ span, reason, notChecked, extent, code }) => ({
    ...(span ? { uri: toUri(span.file), range: toRange(span) } : {}),
    reason,
    notChecked,
    extent,
    code,
  }));
  return { checks: status.checks, summary: status.summary, causes: sent, total: causes.length };
}
const MAX_SENT = 200;
