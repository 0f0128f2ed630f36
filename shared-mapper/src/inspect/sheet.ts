/**
 * `bin/rails routes`, after ActionDispatch::Routing::RoutesInspector and its console
 * formatters (inspector.rb): the sheet, the expanded form, `-c`/`-g` filtering and the
 * messages for an empty result. Rails 8.1 reworked the layout (a blank footer line per
 * section, engine sections titled "Routes for application"); older versions print as 6.1.
 */
import { Version } from "../mapper/version.js";
import type { EngineRoutes, Route } from "../types.js";
import { underscore } from "../inflector.js";
import { escapeRegExp } from "../regexpEscape.js";
import { pathPatternMatches } from "../journey/recognize.js";
import { uriEscape } from "../mapper/mapping.js";

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
  /** The app's root: Rails 7.1 prints the source locations of its files relative to it. */
  appRoot?: string;
  /** Route tables of engines drawn in the files, for the "Routes for X::Engine" sections. */
  engines?: EngineRoutes[];
}

const GUIDE = "For more information about routes, see the Rails guide: https://guides.rubyonrails.org/routing.html.";
const NO_ROUTES = "You don't have any routes defined!\n\nPlease add some routes in config/routes.rb.\n";

/** The Ruby regexp given to `-c`/`-g`, as JS understands it. */
function rubyPattern(source: string): RegExp {
  try {
    return new RegExp(source.replace(/\\A/g, "^").replace(/\\[zZ]/g, "$").replace(/\(\?<(\w+)>/g, "(?<$1>"));
  } catch {
    return new RegExp(escapeRegExp(source));
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
    const exact = ("/" + uriEscape(o.grep)).replace(/\/+/g, "/");
    const kept: Route[] = [];
    for (const r of visible) {
      const shown =
        (r.controller !== null && re.test(r.controller)) ||
        (r.action !== null && re.test(r.action)) ||
        re.test(r.verb) ||
        re.test(shownName(r)) ||
        re.test(r.path);
      const matched = shown || !version.gte(7, 1) ? shown : pathPatternMatches(r, exact);
      // Where Routemap cannot run a requirement on the path, the route is kept, marked: it may match.
      if (matched !== false) kept.push(matched === undefined ? mayMatchGrep(r) : r);
    }
    return kept;
  }
  return visible;
}

/** A route `-g` keeps though Routemap cannot tell whether its path pattern matches the grep (see `Route.grepUndecided`). */
const mayMatchGrep = (route: Route): Route => Object.create(route, { grepUndecided: { value: true, enumerable: true } }) as Route;

function noRoutes(all: Route[], o: InspectOptions): string[] {
  const out: string[] = [];
  if (all.filter((r) => !r.internal).length === 0) out.push(NO_ROUTES);
  else if (o.controller) out.push("No routes were found for this controller.");
  else if (o.grep !== undefined) out.push("No routes were found for this grep pattern.");
  out.push(GUIDE);
  return out;
}

/** Rails 8.1's `no_routes(engine, routes, filter)`: filters first, and engines get a short line. */
function noRoutes81(engine: string | null, o: InspectOptions): string[] {
  if (o.controller) return engine ? ["No routes were found for this controller."] : ["No routes were found for this controller.", GUIDE];
  if (o.grep !== undefined) return engine ? ["No routes were found for this grep pattern."] : ["No routes were found for this grep pattern.", GUIDE];
  return engine ? ["No routes defined."] : [NO_ROUTES, GUIDE];
}

/** A formatter's pieces, as Rails' Sheet and Expanded classes provide them. */
interface Layout {
  header(routes: Route[]): string[];
  /** The section's text, to be joined with newlines: a line each, or several lines joined so. */
  section(routes: Route[]): string[];
  title(name: string, modern: boolean): string;
}

/** The sheet's columns of some routes and their widest values, each route's columns read once. */
interface Columns {
  names: string[];
  verbs: string[];
  paths: string[];
  name: number;
  verb: number;
  path: number;
}

/**
 * The columns of `routes`, in one pass. The header and the lines of a section both ask, and
 * get the same (a route's path and verb are worked out on each read). `Math.max(...lengths)` is
 * not used: it spreads one argument per route, and V8 throws past about a hundred thousand
 * arguments.
 */
/** What the Prefix column prints: the route's name, as Ruby's `to_s` of what Rails kept. */
const shownName = (r: Route): string => r.shownName ?? r.name;

function columns(routes: Route[]): Columns {
  const known = columnsOf.get(routes);
  if (known) return known;
  const n = routes.length;
  const c: Columns = { names: new Array(n), verbs: new Array(n), paths: new Array(n), name: 0, verb: 0, path: 0 };
  for (let i = 0; i < n; i++) {
    const r = routes[i];
    const name = shownName(r);
    const verb = r.verb;
    const path = r.path;
    c.names[i] = name;
    c.verbs[i] = verb;
    c.paths[i] = path;
    if (name.length > c.name) c.name = name.length;
    if (verb.length > c.verb) c.verb = verb.length;
    if (path.length > c.path) c.path = path.length;
  }
  columnsOf.set(routes, c);
  return c;
}
const columnsOf = new WeakMap<Route[], Columns>();

/**
 * The strings of 0 to `width` spaces, each made once: a sheet's padding. (String#padStart and
 * #padEnd took about 1.3 µs a call in a one-shot run, 13 ms of a 10,000-route sheet.)
 */
function padding(width: number): string[] {
  const all = " ".repeat(width);
  return Array.from({ length: width + 1 }, (_, n) => all.slice(0, n));
}

/** How many of the sheet's lines are joined into one string at a time (see `section`). */
const LINES_PER_CHUNK = 256;

const sheetLayout: Layout = {
  header(routes) {
    const w = columns(routes);
    // The header pads to the widest value only (not to the header words), exactly as Rails does.
    return [`${"Prefix".padStart(w.name)} ${"Verb".padEnd(w.verb)} ${"URI Pattern".padEnd(w.path)} Controller#Action`];
  },
  section(routes) {
    const c = columns(routes);
    const [nw, vw, pw] = [Math.max(c.name, "Prefix".length), Math.max(c.verb, "Verb".length), Math.max(c.path, "URI Pattern".length)];
    const pad = padding(Math.max(nw, vw, pw));
    // Joined a chunk of lines at a time (the sheet joins its lines with newlines, so a chunk
    // is the same text as its lines): each line is a tree of a dozen concatenations, and held
    // until the whole sheet was joined, a young-generation collection during the printing
    // copied every line's tree built so far (a quarter of the collector's instructions, in a
    // cold run of 10,000 routes). A chunk's trees die before a collection finds them.
    const chunks: string[] = [];
    const lines = new Array<string>(Math.min(routes.length, LINES_PER_CHUNK));
    let n = 0;
    for (let i = 0; i < routes.length; i++) {
      const name = c.names[i];
      const verb = c.verbs[i];
      const path = c.paths[i];
      lines[n++] = pad[nw - name.length] + name + " " + verb + pad[vw - verb.length] + " " + path + pad[pw - path.length] + " " + routes[i].reqs + routeMarks(routes[i]);
      if (n === LINES_PER_CHUNK) {
        chunks.push(lines.join("\n"));
        n = 0;
      }
    }
    if (n > 0) chunks.push(n === lines.length ? lines.join("\n") : lines.slice(0, n).join("\n"));
    return chunks;
  },
  title: (name, modern) => (modern ? `${name}:` : `\n${name}:`),
};

/**
 * What is written after a route's columns, in a way `rails routes` never prints ("" for most): the
 * conditions Routemap could not decide that it needs (`«only if ENV["BETA"]»`), and the method
 * Routemap does not know whose block drew it. The sheet and the editor's hover both write it.
 */
export function routeMarks(route: Route): string {
  const note = route.conditions ? ` «${conditionText(route)}»` : "";
  const grep = route.grepUndecided ? ` «${GREP_UNDECIDED}»` : "";
  return route.unknownScope === undefined ? note + grep : `${note} «${scopeText(route)}»${grep}`;
}

const GREP_UNDECIDED = "may not match -g: Routemap cannot run its requirements on that path";

/** A route drawn in the block of a method Routemap does not know: its scope may change every column. */
const scopeText = (route: Route) => `in the block of \`${route.unknownScope}\`, unknown to Routemap`;

const conditionText = (route: Route) =>
  "only " + route.conditions!.map((c) => `${c.holds ? "if" : "unless"} ${c.text}`).join(" and ");

/**
 * The expanded form's `Source Location`, or undefined where Rails prints none. 7.1 (railtie.rb
 * l.71, mapper.rb l.363-369: `Rails.backtrace_cleaner`) prints a file of the app relative to its
 * root, and none for a file outside app/, config/, lib/, test/ (an engine's, a gem's). 7.2 on
 * (mapper.rb v7.2.0 l.15-22, l.378-390: its own cleaner, which keeps every frame) prints the
 * app's files as they are, a gem's as `name (version) path`. A route drawn by a gem's or Rails'
 * own code is located in that code, which Routemap does not place: from 7.2, marked «…».
 */
function sourceLocation(x: Route, o: InspectOptions, v72: boolean): string | undefined {
  const line = x.source.start.line + 1;
  if (x.origin !== undefined) return v72 ? `«in ${x.origin}'s code»` : undefined;
  const file = x.source.file;
  const gem = /\/gems\/([^/]+)-(\d[\w.]*)\/(.+)$/.exec(file);
  if (v72) return gem ? `${gem[1]} (${gem[2]}) ${gem[3]}:${line}` : `${file}:${line}`;
  const relative = o.appRoot !== undefined && file.startsWith(`${o.appRoot}/`) ? file.slice(o.appRoot.length + 1) : undefined;
  return relative !== undefined && /^(?:app|config|lib|test)(?:\/|$)/.test(relative) ? `${relative}:${line}` : undefined;
}

function expandedLayout(o: InspectOptions): Layout {
  const width = o.width ?? 80;
  const version = Version.parse(o.railsVersion);
  const withSource = !!o.sourceLocations && version.gte(7, 1);
  const v72 = version.gte(7, 2);
  return {
    header: () => [],
    section: (routes) =>
      routes.map((x, i) => {
        const block = [
          `--[ Route ${i + 1} ]`.padEnd(width, "-"),
          `Prefix            | ${shownName(x)}`,
          `Verb              | ${x.verb}`,
          `URI               | ${x.path}`,
          `Controller#Action | ${x.reqs}`,
        ];
        if (x.conditions) block.push(`Condition         | ${conditionText(x)}`);
        if (x.unknownScope !== undefined) block.push(`Scope             | ${scopeText(x)}`);
        if (x.grepUndecided) block.push(`Grep              | ${GREP_UNDECIDED}`);
        const location = withSource ? sourceLocation(x, o, v72) : undefined;
        if (location !== undefined) block.push(`Source Location   | ${location}`);
        return block.join("\n");
      }),
    title: (name, modern) => (modern ? `[ ${name} ]` : `\n[ ${name} ]`),
  };
}

/**
 * Each mounted engine once, in the order its first mount appears. `engine` (the endpoint's
 * text where it is an engine), not `endpoint`: a drawn route answers it from its parts, where
 * the endpoint works out the route's printed columns (DrawnRoute#engine). `nested`: before 8.1,
 * the inspector collects the engines an engine mounts as it collects that engine's routes
 * (`@engines[name] = collect_routes(routes.routes)`), so an inner engine's section comes before
 * its outer one's; 8.1 looks at the app's own routes only (rails/rails 2831cd0).
 */
function mountedEngines(routes: Route[], o: InspectOptions, nested = false, out: { name: string; routes: Route[] }[] = [], collecting = new Set<string>()): { name: string; routes: Route[] }[] {
  // Indexed: a for-of runs the array's iterator, a call and a result object per route, in
  // code V8 does not optimise in a one-shot run. Nor does the loop's body make a closure over
  // `name`: V8 then gives every turn a context of its own (0.8 MB over 10,000 routes).
  for (let i = 0; i < routes.length; i++) {
    const name = routes[i].engine;
    if (name === undefined || out.some(named, name) || collecting.has(name)) continue;
    const engine = mountedEngine(name, o);
    if (nested) {
      // (An engine mounted inside itself, however deep, is collected once: Rails' own recursion never ends.)
      collecting.add(name);
      mountedEngines(engine.routes, o, true, out, collecting);
      collecting.delete(name);
    }
    out.push(engine);
  }
  return out;
}

/** `some`'s test, with the name as `this`. */
function named(this: string, e: { name: string }): boolean {
  return e.name === this;
}

function mountedEngine(name: string, o: InspectOptions): { name: string; routes: Route[] } {
  const drawn = o.engines?.find((e) => e.name === name);
  return { name, routes: (drawn?.routes ?? []).filter((x) => !x.internal) };
}

/** What `rails routes` shows: the app's routes, then each mounted engine's (`engine` names it). */
export interface RouteSection {
  engine: string | null;
  routes: Route[];
}

/**
 * The sections of `RoutesInspector#format`, filtered as the selected version filters them:
 * before 8.1, the engines mounted by the routes shown, unfiltered; from 8.1, the engines
 * mounted anywhere in the app, each filtered like the app's routes.
 */
export function routeSections(routes: Route[], o: InspectOptions): RouteSection[] {
  if (Version.parse(o.railsVersion).gte(8, 1)) {
    const main = routes.filter((r) => !r.internal);
    const engines = mountedEngines(main, o).map((e) => ({ engine: e.name, routes: filterRoutes(e.routes, o) }));
    return [{ engine: null, routes: filterRoutes(main, o) }, ...engines];
  }
  const shown = filterRoutes(routes, o);
  return [{ engine: null, routes: shown }, ...mountedEngines(shown, o, true).map((e) => ({ engine: e.name, routes: e.routes }))];
}

/**
 * `target.push(...items)` without the spread: a spread passes one argument per line, and V8
 * throws "Maximum call stack size exceeded" past about a hundred thousand (130,000 routes).
 */
function append(target: string[], items: readonly string[]): string[] {
  for (let i = 0; i < items.length; i++) target.push(items[i]);
  return target;
}

/** `RoutesInspector#format`, Rails 6.1 through 8.0. */
function format61(routes: Route[], o: InspectOptions, layout: Layout, empty: (o: InspectOptions) => string[] = (f) => noRoutes(routes, f)): string[] {
  const [app, ...engines] = routeSections(routes, o);
  if (app.routes.length === 0) return empty(o);
  const buffer = append(layout.header(app.routes), layout.section(app.routes));
  for (const engine of engines) {
    buffer.push(layout.title(`Routes for ${engine.engine}`, false));
    // An engine without routes still prints its title; Ruby's join leaves a newline after it.
    const section = layout.section(engine.routes);
    append(buffer, section.length ? section : [""]);
  }
  return buffer;
}

/** `RoutesInspector#format`, Rails 8.1: every section filtered, titled when there are engines. */
function format81(routes: Route[], o: InspectOptions, layout: Layout, empty: (o: InspectOptions, engine: string | null) => string[] = (f, e) => noRoutes81(e, f)): string[] {
  const sections = routeSections(routes, o);
  const buffer: string[] = [];
  for (const { engine, routes: shown } of sections) {
    if (sections.length > 1) buffer.push(layout.title(`Routes for ${engine ?? "application"}`, true));
    if (shown.length) append(append(buffer, layout.header(shown)), layout.section(shown));
    else append(buffer, empty(o, engine));
    buffer.push("");
  }
  return buffer;
}

function format(routes: Route[], o: InspectOptions, layout: Layout): string {
  const modern = Version.parse(o.railsVersion).gte(8, 1);
  return finish(modern ? format81(routes, o, layout) : format61(routes, o, layout));
}

/** The text `bin/rails routes` prints, with its final newline. */
export function formatSheet(routes: Route[], o: InspectOptions = {}): string {
  return format(routes, o, sheetLayout);
}

/** `bin/rails routes --expanded`. */
export function formatExpanded(routes: Route[], o: InspectOptions = {}): string {
  return format(routes, o, expandedLayout(o));
}

/**
 * `bin/rails routes --unused` (Rails 7.1+, ConsoleFormatter::Unused): the unused routes' sheet
 * under "Found N unused routes:", or a line saying there are none. For any selected version,
 * the layout of 7.1 (before 8.1) or 8.1.
 */
export function formatUnused(unused: Route[], o: InspectOptions = {}): string {
  const layout: Layout = {
    ...sheetLayout,
    header: (routes) => [`Found ${routes.length} unused ${routes.length === 1 ? "route" : "routes"}:\n`, ...sheetLayout.header(routes)],
  };
  const none = (f: InspectOptions) => [
    f.controller ? "No unused routes found for this controller." : f.grep !== undefined ? "No unused routes found for this grep pattern." : "No unused routes found.",
  ];
  return finish(Version.parse(o.railsVersion).gte(8, 1) ? format81(unused, o, layout, none) : format61(unused, o, layout, none));
}

/** `@buffer.join("\n")` printed with `say`, which adds a newline unless there is one. */
function finish(buffer: string[]): string {
  const text = buffer.join("\n");
  return text.endsWith("\n") ? text : text + "\n";
}
