/**
 * `bin/rails routes`, after ActionDispatch::Routing::RoutesInspector and its console
 * formatters (inspector.rb): the sheet, the expanded form, `-c`/`-g` filtering and the
 * messages for an empty result. Rails 8.1 reworked the layout (a blank footer line per
 * section, engine sections titled "Routes for application"); older versions print as 6.1.
 */
import { Version } from "../mapper/version.js";
import type { Route } from "../types.js";
import { underscore } from "../inflector.js";

export interface InspectOptions {
  railsVersion?: string;
  /** `-c`: a controller name such as `PostsController` or `admin/posts`. */
  controller?: string;
  /** `-g`: a pattern matched against name, verb, path and controller#action. */
  grep?: string;
  /** Width of the `--[ Route N ]---` rules in expanded mode; Rails reads it from the console, 80 by default. */
  width?: number;
  /**
   * Rails 7.1+ records where each route was declared when `Rails.env.development?`, and the
   * expanded form prints it (`Source Location   | /app/config/routes.rb:3`).
   */
  sourceLocations?: boolean;
}

interface Row {
  name: string;
  verb: string;
  path: string;
  reqs: string;
}

const GUIDE = "For more information about routes, see the Rails guide: https://guides.rubyonrails.org/routing.html.";
const NO_ROUTES = "You don't have any routes defined!\n\nPlease add some routes in config/routes.rb.\n";

/** The Ruby regexp given to `-c`/`-g`, as JS understands it. */
function rubyPattern(source: string): RegExp {
  try {
    return new RegExp(source.replace(/\\A/g, "^").replace(/\\[zZ]/g, "$").replace(/\(\?<(\w+)>/g, "(?<$1>"));
  } catch {
    return new RegExp(source.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  }
}

/** Routes shown by `rails routes` with the given filters (internal routes are never shown). */
export function filterRoutes(routes: Route[], o: InspectOptions): Route[] {
  const visible = routes.filter((r) => !r.internal);
  if (o.controller) {
    const re = rubyPattern(underscore(o.controller).replace(/_?controller$/, ""));
    return visible.filter((r) => r.controller !== null && re.test(r.controller));
  }
  if (o.grep !== undefined) {
    const re = rubyPattern(o.grep);
    const version = Version.parse(o.railsVersion);
    const exact = ("/" + o.grep).replace(/\/+/g, "/");
    return visible.filter(
      (r) =>
        (r.controller !== null && re.test(r.controller)) ||
        (r.action !== null && re.test(r.action)) ||
        re.test(r.verb) ||
        re.test(r.name) ||
        re.test(r.path) ||
        (version.gte(7, 1) && pathMatches(r, exact)),
    );
  }
  return visible;
}

/** Rails 7.1+ also keeps routes whose pattern matches the grep text as a URL path. */
function pathMatches(route: Route, url: string): boolean {
  let pattern = "^";
  for (const p of route.path.split(/(\(|\)|:\w+|\*\w+)/)) {
    if (p === "(") pattern += "(?:";
    else if (p === ")") pattern += ")?";
    else if (p.startsWith(":")) pattern += "[^/.?]+";
    else if (p.startsWith("*")) pattern += ".+";
    else pattern += p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  try {
    return new RegExp(pattern + "$").test(url);
  } catch {
    return false;
  }
}

const rows = (routes: Route[]): Row[] => routes.map(({ name, verb, path, reqs }) => ({ name, verb, path, reqs }));

function noRoutes(all: Route[], o: InspectOptions): string[] {
  const version = Version.parse(o.railsVersion);
  const out: string[] = [];
  if (version.gte(8, 1)) {
    if (o.controller) out.push("No routes were found for this controller.");
    else if (o.grep !== undefined) out.push("No routes were found for this grep pattern.");
    else out.push(NO_ROUTES);
    out.push(GUIDE, "");
    return out;
  }
  if (all.filter((r) => !r.internal).length === 0) out.push(NO_ROUTES);
  else if (o.controller) out.push("No routes were found for this controller.");
  else if (o.grep !== undefined) out.push("No routes were found for this grep pattern.");
  out.push(GUIDE);
  return out;
}

/** The text `bin/rails routes` prints, with its final newline. */
export function formatSheet(routes: Route[], o: InspectOptions = {}): string {
  const shown = filterRoutes(routes, o);
  if (shown.length === 0) return finish(noRoutes(routes, o));
  const r = rows(shown);
  const width = (k: keyof Row, header: string) => Math.max(header.length, ...r.map((x) => x[k].length));
  const [nw, vw, pw] = [width("name", "Prefix"), width("verb", "Verb"), width("path", "URI Pattern")];
  const [hn, hv, hp] = [Math.max(0, ...r.map((x) => x.name.length)), Math.max(0, ...r.map((x) => x.verb.length)), Math.max(0, ...r.map((x) => x.path.length))];
  // The header pads to the widest value only (not to the header words), exactly as Rails does.
  const lines = [`${"Prefix".padStart(hn)} ${"Verb".padEnd(hv)} ${"URI Pattern".padEnd(hp)} Controller#Action`];
  for (const x of r) lines.push(`${x.name.padStart(nw)} ${x.verb.padEnd(vw)} ${x.path.padEnd(pw)} ${x.reqs}`);
  if (Version.parse(o.railsVersion).gte(8, 1)) lines.push("");
  return finish(lines);
}

/** `bin/rails routes --expanded`. */
export function formatExpanded(routes: Route[], o: InspectOptions = {}): string {
  const shown = filterRoutes(routes, o);
  if (shown.length === 0) return finish(noRoutes(routes, o));
  const width = o.width ?? 80;
  const withSource = !!o.sourceLocations && Version.parse(o.railsVersion).gte(7, 1);
  const lines = shown.map((x, i) => {
    const block = [
      `--[ Route ${i + 1} ]`.padEnd(width, "-"),
      `Prefix            | ${x.name}`,
      `Verb              | ${x.verb}`,
      `URI               | ${x.path}`,
      `Controller#Action | ${x.reqs}`,
    ];
    if (withSource) block.push(`Source Location   | ${x.source.file}:${x.source.start.line + 1}`);
    return block.join("\n");
  });
  if (Version.parse(o.railsVersion).gte(8, 1)) lines.push("");
  return finish(lines);
}

/** `@buffer.join("\n")` printed with `say`, which adds a newline unless there is one. */
function finish(buffer: string[]): string {
  const text = buffer.join("\n");
  return text.endsWith("\n") ? text : text + "\n";
}
