// Fixture cases and their golden files, shared by the oracle script and the tests.
//
// A case is `cases/<name>.rb`, or a directory `cases/<name>/` holding `routes.rb` and the
// files it draws under `routes/`. Its first line may carry options for both Rails and
// Routemap: `# routemap: env=production api_only expanded controller=Posts grep=new ENV.FEATURE=on`
// (`ENV.NAME=value`: an environment variable both Rails and Routemap see; no other is set).
// Goldens sit beside it: `<name>.rails-6.1.txt` (or `<name>/rails-6.1.txt`), generated
// from real Rails by scripts/oracle.mjs; other versions' goldens are written by hand.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const FIXTURES = dirname(dirname(fileURLToPath(import.meta.url)));
export const CASES = join(FIXTURES, "cases");

export function listCases(root = CASES) {
  const out = [];
  for (const name of readdirSync(root).sort()) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) {
      if (existsSync(join(path, "routes.rb"))) out.push(makeCase(name, path, join(path, "routes.rb"), (v) => join(path, `rails-${v}.txt`)));
      else out.push(...listCases(path).map((c) => ({ ...c, name: `${name}/${c.name}` })));
    } else if (name.endsWith(".rb")) {
      const base = name.slice(0, -3);
      out.push(makeCase(base, root, path, (v) => join(root, `${base}.rails-${v}.txt`)));
    }
  }
  return out;
}

function makeCase(name, dir, entry, goldenPath) {
  const text = readFileSync(entry, "utf8");
  return { name, dir: dirname(entry), entry, text, options: parseOptions(text), goldenPath, goldens: goldenVersions(entry, goldenPath) };
}

function goldenVersions(entry, goldenPath) {
  return ["3.2", "6.1", "7.0", "7.1", "7.2", "8.0", "8.1"].filter((v) => existsSync(goldenPath(v)));
}

export function parseOptions(text) {
  const m = /^# routemap:(.*)$/m.exec(text.split("\n")[0] ?? "");
  const options = { env: "development", apiOnly: false, expanded: false, vars: {} };
  if (!m) return options;
  for (const word of m[1].trim().split(/\s+/)) {
    const [k, v] = word.split("=");
    if (k.startsWith("ENV.")) options.vars[k.slice(4)] = word.slice(k.length + 1);
    else if (k === "env") options.env = v;
    else if (k === "api_only") options.apiOnly = true;
    else if (k === "expanded") options.expanded = true;
    else if (k === "controller") options.controller = v;
    else if (k === "grep") options.grep = v;
  }
  return options;
}

/** Every `.rb` file of a case, keyed by absolute path (the entry and its drawn files). */
export function caseFiles(c) {
  const files = new Map();
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(".rb")) files.set(p, readFileSync(p, "utf8"));
    }
  };
  files.set(c.entry, c.text);
  if (basename(c.entry) === "routes.rb") walk(join(c.dir, "routes"));
  return files;
}

/**
 * The golden text: the sheet, the expanded form when asked, every route's source, and the
 * first error. Both sides render this same text so a mismatch reads as a plain diff.
 */
export function renderGolden({ header, sheet, expanded, routes, error }, c) {
  const lines = [header, "#### sheet", sheet.replace(/\n$/, "")];
  if (c.options.expanded) lines.push("#### expanded", expanded.replace(/\n$/, ""));
  lines.push("#### sources");
  for (const r of routes) lines.push(sourceLine(r, c));
  // Messages that name a directory (draw's "not found in") name it relative to the case.
  if (error) lines.push("#### error", `${error.file ?? "?"}:${error.line ?? "?"}: ${error.message.split(c.dir).join("$CASE")}`);
  return lines.join("\n") + "\n";
}

export function sourceLine(r, c) {
  const file = r.file && r.file.startsWith("/") ? relative(c.dir, r.file) : r.file;
  return `${r.verb || "*"} ${r.path} ${r.reqs} @ ${file}:${r.line}`;
}

/** Splits a golden back into its sections. */
export function parseGolden(text) {
  const sections = {};
  let current = "header";
  sections.header = [];
  for (const line of text.replace(/\n$/, "").split("\n")) {
    const m = /^#### (\w+)$/.exec(line);
    if (m) sections[(current = m[1])] = [];
    else sections[current].push(line);
  }
  return sections;
}
