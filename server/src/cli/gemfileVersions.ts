/**
 * Without a Gemfile.lock, the versions the Gemfile's constraints choose: `gem "rails", "~> 7.0.4"`
 * allows 7.0.4 up to 7.1, so Rails 7.0's rules; `gem "devise", ">= 4.8"` allows Devise 4 and 5.
 * The constraints are read as RubyGems reads them (rubygems/requirement.rb: `=`, `!=`, `>`, `<`,
 * `>=`, `<=`, `~>`, a bare version meaning `=`; several all apply), versions compared as
 * Gem::Version compares them (segment by segment, `7.0` == `7.0.0`).
 *
 * Bundler, resolving without a lockfile, installs the newest release the constraints allow; so
 * Routemap follows the newest of the versions whose rules it tells apart (a Rails series, a
 * gem's versions on each side of the changes its model follows). Where the constraints allow
 * more than one of those, the choice is said (an info at the gem's line), never made silently.
 * A constraint Routemap cannot read (a prerelease, a computed version) chooses nothing.
 */
import { escapeRegExp } from "@routemap/shared-mapper";

/** A version's numeric segments; undefined for one with letters (a prerelease) or none. */
type Segments = number[];

function parse(text: string): Segments | undefined {
  const t = text.trim();
  if (!/^\d+(\.\d+)*$/.test(t)) return undefined;
  return t.split(".").map(Number);
}

/** Gem::Version#<=>: segment by segment, missing segments zero. */
function compare(a: Segments, b: Segments): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

/** `~> 7.0.4` is `>= 7.0.4, < 7.1` (Gem::Version#bump: the last segment dropped, the one before it raised). */
function bump(v: Segments): Segments {
  const kept = v.length > 1 ? v.slice(0, -1) : v.slice();
  kept[kept.length - 1]++;
  return kept;
}

/** The versions the constraints allow: from `low` (inclusive or not) below `high` (same); undefined ends are open. */
export interface Allowed {
  low?: { v: Segments; inclusive: boolean };
  high?: { v: Segments; inclusive: boolean };
}

/** The interval a list of requirement strings allows; undefined when one cannot be read. */
export function allowed(requirements: readonly string[]): Allowed | undefined {
  const out: Allowed = {};
  const raise = (v: Segments, inclusive: boolean) => {
    if (!out.low || compare(v, out.low.v) > 0 || (compare(v, out.low.v) === 0 && !inclusive)) out.low = { v, inclusive };
  };
  const lower = (v: Segments, inclusive: boolean) => {
    if (!out.high || compare(v, out.high.v) < 0 || (compare(v, out.high.v) === 0 && !inclusive)) out.high = { v, inclusive };
  };
  for (const requirement of requirements) {
    for (const part of requirement.split(",")) {
      const m = /^\s*(~>|>=|<=|!=|=|>|<)?\s*(\S+)\s*$/.exec(part);
      const v = m ? parse(m[2]) : undefined;
      if (!m || !v) return undefined;
      switch (m[1] ?? "=") {
        case "=":
          raise(v, true);
          lower(v, true);
          break;
        case ">=":
          raise(v, true);
          break;
        case ">":
          raise(v, false);
          break;
        case "<=":
          lower(v, true);
          break;
        case "<":
          lower(v, false);
          break;
        case "~>":
          raise(v, true);
          lower(bump(v), false);
          break;
        // `!=` takes out one version: the interval's other versions still choose alike.
      }
    }
  }
  return out;
}

/** Whether some version in [from, to) (to undefined: open) is allowed. */
function overlaps(a: Allowed, from: Segments, to: Segments | undefined): boolean {
  if (a.high) {
    const c = compare(a.high.v, from);
    if (c < 0 || (c === 0 && !a.high.inclusive)) return false;
  }
  if (a.low && to) {
    if (compare(a.low.v, to) >= 0) return false;
  }
  return true;
}

const text = (v: Segments) => v.join(".");

export interface Choice {
  /** The version Routemap follows: the constraint's lowest allowed version in the chosen range, else the range's start. */
  version: string;
  /** Said to the user when the constraints allow more than one range Routemap tells apart. */
  note?: string;
}

/**
 * The newest of `ranges` (each from its start to the next one's; ascending starts) that the
 * requirements allow, and the version followed in it. `what` names the gem in the note;
 * `label` names a range as the user reads it (`Rails 7.0`, `Devise 5.0 and later`).
 */
export function choose(requirements: readonly string[], ranges: readonly string[], what: string, label: (start: string, end: string | undefined) => string, other: string): Choice | undefined {
  const a = allowed(requirements);
  if (!a) return undefined;
  const starts = ranges.map((r) => parse(r)!);
  const fits: number[] = [];
  for (let i = 0; i < starts.length; i++) if (overlaps(a, starts[i], starts[i + 1])) fits.push(i);
  if (!fits.length) return undefined;
  const i = fits[fits.length - 1];
  const low = a.low && compare(a.low.v, starts[i]) >= 0 ? a.low.v : starts[i];
  const version = text(low);
  if (fits.length === 1) return { version };
  const said = requirements.length ? requirements.map((r) => `"${r}"`).join(", ") : "(no version)";
  const named = (f: number) => label(ranges[f], ranges[f + 1]);
  const options = fits.length > 4 ? `${named(fits[0])} to ${named(i)}` : fits.map(named).join(", ");
  return {
    version,
    note: `No Gemfile.lock: the Gemfile's ${what} ${said} allows ${options}, whose routes Routemap draws differently. It follows ${label(ranges[i], ranges[i + 1])}, the newest, as \`bundle install\` would resolve it; ${other}.`,
  };
}

/** The Rails series Routemap tells apart (mapper/version.ts, framework goldens 5.2 on). */
const RAILS_SERIES = ["3.2", "4.0", "4.1", "4.2", "5.0", "5.1", "5.2", "6.0", "6.1", "7.0", "7.1", "7.2", "8.0", "8.1"];

/**
 * The versions at which a gem's routes change in Routemap's model of it (gems/*.ts): below the
 * first, between each, and from the last on, it draws alike.
 */
export const GEM_RANGES: Record<string, string[]> = {
  devise: ["0", "5"], // devise.ts: `format:` and omniauth's verbs from 5
  omniauth: ["0", "2"], // devise.ts: authorize by POST only from OmniAuth 2 (with Devise 5)
  doorkeeper: ["0", "5.7", "6"], // doorkeeper.ts: `native_redirect_uri` 5.7, the routes of 6
  devise_token_auth: ["0", "1.2.1", "1.2.2"], // deviseTokenAuth.ts: omniauth redirects and verbs
  versionist: ["0", "2"], // versionist.ts: `as:` from 2
};

/** The Rails version the constraints on rails (and its parts) choose. */
export function chooseRails(requirements: readonly string[]): Choice | undefined {
  return choose(requirements, RAILS_SERIES, "rails", (start) => `Rails ${start}`, "lock the version, or choose one with `--rails` or the `railsVersion` setting, to follow another");
}

/** The version of a gem Routemap models that its constraints choose; undefined for another gem or an unreadable constraint. */
export function chooseGem(name: string, requirements: readonly string[]): Choice | undefined {
  const ranges = GEM_RANGES[name];
  if (!ranges) return undefined;
  const label = (start: string, end: string | undefined) =>
    start === "0" ? `${name} before ${end}` : end === undefined ? `${name} ${start} and later` : `${name} ${start} up to ${end}`;
  const choice = choose(requirements, ranges, name, label, "lock the version to follow another");
  // A range's start "0" is no version: follow the constraint's own lowest, or say nothing of it.
  return choice && choice.version === "0" ? { ...choice, version: "0.0" } : choice;
}

/** A note at a gem's line of the Gemfile (a Span, 0-based). */
export interface GemfileNote {
  gem: string;
  span: { file: string; start: { line: number; character: number }; end: { line: number; character: number } };
  message: string;
  code: "gemfile-version";
}

export interface GemfileVersions {
  /** The Rails version the constraints on rails, railties or actionpack choose. */
  railsVersion?: string;
  /** The versions of the gems Routemap models that their constraints choose. */
  gems: Record<string, string>;
  notes: GemfileNote[];
}

/** What a Gemfile's constraints choose (no lockfile): `gems` as `readGemfile` reads them, `path` and `text` the Gemfile's. */
export function gemfileVersions(gems: ReadonlyMap<string, { requirements: string[] | undefined }>, path: string, text: string): GemfileVersions {
  const out: GemfileVersions = { gems: {}, notes: [] };
  const note = (gem: string, message: string) => out.notes.push({ gem, span: gemLine(path, text, gem), message, code: "gemfile-version" });
  const parts = ["rails", "railties", "actionpack"].filter((name) => gems.has(name));
  if (parts.length && parts.every((name) => gems.get(name)!.requirements !== undefined)) {
    const rails = chooseRails(parts.flatMap((name) => gems.get(name)!.requirements!));
    if (rails) {
      out.railsVersion = rails.version;
      if (rails.note) note(parts[0], rails.note);
    }
  }
  for (const [name, entry] of gems) {
    const choice = entry.requirements && chooseGem(name, entry.requirements);
    if (!choice) continue;
    out.gems[name] = choice.version;
    if (choice.note) note(name, choice.note);
  }
  return out;
}

/** The line that names the gem (`gem "devise", …`), else the first line. */
function gemLine(file: string, text: string, gem: string): GemfileNote["span"] {
  const lines = text.split("\n");
  const pattern = new RegExp(`^(\\s*)gem[\\s(]+["']${escapeRegExp(gem)}["']`);
  for (let line = 0; line < lines.length; line++) {
    const m = pattern.exec(lines[line]);
    if (m) return { file, start: { line, character: m[1].length }, end: { line, character: lines[line].trimEnd().length } };
  }
  return { file, start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
}
