/**
 * Which layouts (`app/views/layouts/**`) and partials under them no request of this environment
 * renders: those only controllers no route reaches take (actionview 6.1 `ActionView::Layouts`:
 * `_write_layout_method`, `_default_layout`, `_normalize_layout`; the same through 8.1), and the
 * partials only such layouts render by their full name (`render "layouts/redesign/header"`: a
 * partial's short name is looked up in the controller's view folders, never under layouts/).
 * Checked against Debian's Rails 6.1 by test-fixtures/oracle/helper_contexts.rb.
 * Whatever Routemap cannot follow leaves a layout reached: a layout no controller of the app
 * takes (a gem's controller may), a controller whose layout is chosen as it runs, a
 * `layout:`/`layout` it cannot read anywhere else, a name of layouts/ built at run time.
 */
import type { ControllerModel } from "./controllers.js";

/** What one file says of layouts besides its controller class's `layout` call (which the controller model reads). */
export interface LayoutFacts {
  /** Layouts it names to render (`render layout: "admin"`, a mailer's `layout "mailer"`), as `layouts/admin`. */
  names: string[];
  /** Templates and partials under layouts/ it names (`"layouts/redesign/header"`). */
  refs: string[];
  /** It names a layout Routemap cannot read (`layout: choose`, `"layouts/#{theme}/nav"`). */
  dynamic?: boolean;
  /**
   * Layouts a block gives as a setting of a constant (`layout ->(_) { HighVoltage.layout }`), as
   * written: computed where the routes are (`MapResult.nameOf`), else a layout it cannot read.
   */
  expressions?: string[];
}

const KEY_FORM = /(?:^|[\s,({])layout:\s*(?:(["'])([\w/]*)\1|(false|nil)\b|(\S))/g;
const CALL_FORM = /(?:^[ \t]*|\.)layout(?:[ \t]+|[ \t]*\([ \t]*)(?:(["'])([\w/]*)\1|(false|nil)\b|(\S))/gm;
const REF = /["']\/?(layouts\/[\w/]*)(["'#])/g;
/**
 * `layout ->(_) { Gem.layout }`, `layout(-> { Gem.config.layout })`, `layout proc { … }`: a block that only reads a constant's setting.
 * The lambda's parameters stop at a `(` as at a `)`: read to the next `)` from every `layout ->(`, a
 * text of them with none closing was quadratic. Ruby's parameters with a call in them never matched.
 */
const SETTING_FORM = /(?:^[ \t]*|\.)layout[ \t(]*(?:->[ \t]*(?:\([^()]*\))?|lambda|proc)[ \t]*\{[ \t]*((?:::)?[A-Z][\w:]*(?:\.[a-z_]\w*)+)[ \t]*\}/gm;

/**
 * The layout facts of a file's text; undefined when it says nothing of layouts. `appController`:
 * a file of the app's app/controllers, whose class-level `layout` calls the controller model reads
 * (they count only for the controllers that take them); elsewhere (a mailer, an engine's
 * controller, an initializer's `Devise::SessionsController.layout "devise"`) they count as rendered,
 * unless `layoutCalls` is false (a file that is not about controllers or mailers).
 */
export function layoutFacts(text: string, o: { appController: boolean; layoutCalls?: boolean }): LayoutFacts | undefined {
  if (!text.includes("layout")) return undefined;
  const facts: LayoutFacts = { names: [], refs: [] };
  const take = (m: RegExpMatchArray) => {
    if (m[2] !== undefined) facts.names.push(normalize(m[2]));
    // `self.layout = "x"` (a gem's setting, a local variable) assigns: it renders nothing.
    else if (m[3] === undefined && m[4] !== "=") facts.dynamic = true;
  };
  for (const m of text.matchAll(KEY_FORM)) take(m);
  // `layoutCalls: false`: a file whose `layout` calls are another library's (FFI::Struct.layout, a gem's).
  if (!o.appController && o.layoutCalls !== false) {
    const settings = [...text.matchAll(SETTING_FORM)];
    for (const m of settings) (facts.expressions ??= []).push(m[1]);
    // CALL_FORM matches these calls (and the setting's own `.layout` inside) as layouts it cannot read.
    const inSetting = (m: RegExpMatchArray) => settings.some((s) => m.index! >= s.index! && m.index! < s.index! + s[0].length);
    for (const m of text.matchAll(CALL_FORM)) if (!inSetting(m)) take(m);
  }
  for (const m of text.matchAll(REF)) {
    // `"layouts/#{theme}/nav"`, `"layouts/" + theme`: a name built at run time.
    if (m[2] === "#" || m[1].endsWith("/")) facts.dynamic = true;
    else facts.refs.push(m[1]);
  }
  return facts.names.length || facts.refs.length || facts.dynamic || facts.expressions ? facts : undefined;
}

/** The gems' layouts with their settings computed: one that is not makes them a layout Routemap cannot read. */
function withSettings(gems: NonNullable<LayoutReachInput["gemLayouts"]>, nameOf: LayoutReachInput["nameOf"]): { names: readonly string[]; dynamic?: boolean } {
  if (!gems.expressions?.length) return gems;
  const names = [...gems.names];
  for (const expression of gems.expressions) {
    const name = nameOf?.(expression);
    if (name === undefined) return { names, dynamic: true };
    names.push(normalize(name));
  }
  return { names, dynamic: gems.dynamic };
}

/** `layout "admin"` is layouts/admin; a name with `layouts` in it is taken as written (`_normalize_layout`). */
const normalize = (name: string) => (/\blayouts/.test(name) ? name.replace(/^\//, "") : `layouts/${name}`);

/** What an app's files say of layouts (a host gathers it file by file). */
export interface AppLayouts {
  byFile: ReadonlyMap<string, LayoutFacts>;
  /** The files under app/views/layouts, each with its name there (`layouts/redesign/_header`). */
  layoutFiles: (readonly [string, string])[];
  /** Layouts rendered where no controller is (mailers': `layouts/user_mailer` by their names). */
  mailerLayouts: string[];
}

export interface LayoutReachInput {
  model: Pick<ControllerModel, "byPath" | "layoutsOf">;
  /** Whether a request of this environment may reach the controller at a path (`admin/posts`). */
  reached(controller: string): boolean;
  /** Each file's facts (`layoutFacts`), by path; the files under layouts/ by their key too. */
  facts: Iterable<readonly [string, LayoutFacts]>;
  /** The app's files under app/views/layouts, each with its key: `layouts/redesign`, `layouts/redesign/_header`. */
  layoutFiles: Iterable<readonly [string, string]>;
  /** Layouts rendered where no controller is (mailers': `layouts/user_mailer` by their names). */
  alsoRendered?: Iterable<string>;
  /**
   * What the installed gems' code names as layouts (`layoutFacts` of their files): what a
   * controller including a gem's module or inheriting a gem's class may take besides. Undefined
   * when the gems are not read: such a controller may then take any layout.
   */
  gemLayouts?: { names: readonly string[]; dynamic?: boolean; expressions?: readonly string[] };
  /** A layout setting's value (`MapResult.nameOf`); a setting it cannot compute is a layout it cannot read. */
  nameOf?(expression: string): string | undefined;
}

/** The paths of the layout files no request renders (see the header); empty where any may be. */
export function unreachedLayoutFiles(input: LayoutReachInput): Set<string> {
  const taken = new Set<string>();
  const rendered = new Set<string>(input.alsoRendered);
  const gemLayouts = input.gemLayouts && withSettings(input.gemLayouts, input.nameOf);
  for (const controller of input.model.byPath.values()) {
    const layouts = input.model.layoutsOf(controller.path);
    // ApplicationController counts as reached: gems' controllers inherit it (Devise's parent_controller).
    const reached = controller.path === "application" || input.reached(controller.path);
    const gems = layouts && "open" in layouts && layouts.open ? gemLayouts : undefined;
    if (!layouts || "unknown" in layouts || (layouts.open && (!gems || gems.dynamic))) {
      if (reached) return new Set();
      continue;
    }
    for (const layout of [...layouts.layouts, ...(gems?.names ?? [])]) (reached ? rendered : taken).add(layout);
  }
  const keyOf = new Map<string, string>();
  for (const [path, key] of input.layoutFiles) keyOf.set(path, key);
  // Who names each layout file: the keys of layout files, or "" for any other file.
  const namedBy = new Map<string, Set<string>>();
  for (const [path, facts] of input.facts) {
    if (facts.dynamic) return new Set();
    for (const name of facts.names) rendered.add(name);
    for (const expression of facts.expressions ?? []) {
      const name = input.nameOf?.(expression);
      if (name === undefined) return new Set();
      rendered.add(normalize(name));
    }
    const by = keyOf.get(path) ?? "";
    for (const ref of facts.refs) {
      for (const key of [ref, ref.replace(/\/([^/]+)$/, "/_$1")]) {
        let set = namedBy.get(key);
        if (!set) namedBy.set(key, (set = new Set()));
        set.add(by);
      }
    }
  }
  const unreached = new Set<string>();
  const isUnreached = (key: string) => {
    const by = namedBy.get(key);
    if (by && [...by].some((b) => b !== key && !unreached.has(b))) return false;
    // A partial named by nothing may be a gem's or rendered some other way; a layout, only one an unreached controller takes.
    return /\/_[^/]*$/.test(key) ? by !== undefined : taken.has(key) && !rendered.has(key);
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const key of keyOf.values()) {
      if (!unreached.has(key) && isUnreached(key)) (unreached.add(key), (changed = true));
    }
  }
  return new Set([...keyOf].filter(([, key]) => unreached.has(key)).map(([path]) => path));
}
