// A public app's routing inputs, copied out of a git directory (a `fetch` snapshot's bare repo,
// or a checkout's .git) or a plain checkout into a scratch directory: only what drawing its
// routes reads, never the rest of the app, and never into this repository.
//
// Kept: every config/ directory (routes files, application.rb, environments, initializers, the
// YAML config_for and I18n read), Ruby files under app/ and lib/ (models for Devise, constants
// and constraint classes, engines' lib/*/engine.rb), Gemfiles (and those they eval), gemspecs,
// .ruby-version and VERSION files, at any depth, so the app's own engines and path gems come
// along; and at the root, the Procfiles and .env files (Gemfiles and dotenv read them) and
// bin/* (config/boot.rb may load bin/env). Left out: tests, specs, assets, views, vendored and
// generated trees, and files of 1 MiB or more.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const MAX_BYTES = 1 << 20;
const SKIPPED_DIRS = new Set([
  ".git", "node_modules", "spec", "test", "tests", "features", "fixtures", "coverage", "tmp", "log",
  "public", "docs", "doc", "bundle", "cache", "sorbet",
]);
/**
 * The asset pipeline's folders and the views, at the root or in app/, lib/, vendor/: elsewhere a
 * name like any other (rails-starter's app/models/optional_modules/assets/, AICrowd's app/models/views/).
 */
const ASSET_DIRS = new Set(["assets", "javascript", "javascripts", "stylesheets", "views"]);
const isAssetDir = (parts, i) => ASSET_DIRS.has(parts[i]) && (i === 0 || ["app", "lib", "vendor"].includes(parts[i - 1]));

/**
 * A `public/` folder is a web root (the app's, an engine's) except inside app/ or lib/, where it is
 * a name like any other (a gem's `lib/…/public/` module of code).
 */
const isSkippedDir = (parts, i) => SKIPPED_DIRS.has(parts[i]) && !(parts[i] === "public" && parts.slice(0, i).some((p) => p === "app" || p === "lib"));

/** Whether a repository path (relative to the repo's root, `/`-separated) is a routing input. */
export function isRoutingInput(path) {
  const parts = path.split("/");
  const name = parts[parts.length - 1];
  if (parts.slice(0, -1).some((p, i) => isSkippedDir(parts, i) || isAssetDir(parts, i))) return false;
  // (`eval_gemfile "gemfiles/rubocop.gemfile"`: houdini's, lowercase.)
  if (/gemfile/i.test(name) || name === ".ruby-version" || name === "VERSION" || name.endsWith(".gemspec")) return true;
  // Files Gemfiles and application.rb read at the root (huginn's Gemfile reads the Procfile).
  if (parts.length === 1 && /^Procfile/.test(name)) return true;
  if (parts.length === 2 && parts[0] === "bin") return true; // config/boot.rb may load bin/env
  // What dotenv loads (the app's committed defaults), only beside a Gemfile.
  if (parts.length === 1 && /^\.env(\..+)?$/.test(name)) return true;
  const dirs = parts.slice(0, -1);
  if (dirs.includes("config")) return true;
  return name.endsWith(".rb") && (dirs.includes("app") || dirs.includes("lib"));
}

/** A git directory for `source` (a bare repo, a checkout with .git), or null for a plain tree. */
export function gitDirOf(source) {
  if (existsSync(join(source, "HEAD")) && existsSync(join(source, "objects"))) return source;
  for (const candidate of [join(source, ".git"), join(source, "repo"), join(source, "repo", ".git")]) {
    if (existsSync(join(candidate, "HEAD")) && existsSync(join(candidate, "objects"))) return candidate;
  }
  return null;
}

const git = (gitDir, args, options = {}) => execFileSync("git", ["--git-dir", gitDir, ...args], { maxBuffer: 1 << 30, ...options });

/** The commit `rev` names in `gitDir` (HEAD by default); git's complaint about a name it lacks is in the error thrown, not on stderr (tags are probed). */
export function resolveCommit(gitDir, rev = "HEAD") {
  return git(gitDir, ["rev-parse", `${rev}^{commit}`], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/**
 * Copies the routing inputs of `commit` in `gitDir` into `into` (or the files `keep` takes);
 * returns the paths copied. A blob the snapshot lacks (a `fetch` snapshot may leave out its
 * largest files) is skipped.
 */
export function extractFromGit(gitDir, commit, into, keep = isRoutingInput) {
  const listing = git(gitDir, ["ls-tree", "-r", "-z", "--long", commit], { encoding: "utf8" });
  const wanted = [];
  for (const entry of listing.split("\0")) {
    const match = /^(\d+) blob ([0-9a-f]+) +(\d+)\t(.*)$/s.exec(entry);
    if (!match || match[1] === "120000" || Number(match[3]) >= MAX_BYTES) continue;
    if (keep(match[4])) wanted.push({ oid: match[2], path: match[4], size: Number(match[3]) });
  }
  // One `cat-file --batch` for all blobs: `<oid> blob <size>\n<bytes>\n` each, `<oid> missing\n` for one it lacks.
  const out = git(gitDir, ["cat-file", "--batch"], { input: wanted.map((w) => w.oid).join("\n") + "\n" });
  const copied = [];
  let at = 0;
  for (const w of wanted) {
    const header = out.indexOf(10, at);
    const missing = out.subarray(at, header).toString("latin1").endsWith(" missing");
    at = header + 1;
    if (missing) continue;
    const file = join(into, w.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, out.subarray(at, at + w.size));
    at += w.size + 1;
    copied.push(w.path);
  }
  return copied;
}

/** Copies the routing inputs of a plain checkout (no git) into `into`. */
export function extractFromTree(source, into) {
  const copied = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      const path = relative(source, full).split("\\").join("/");
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(full);
      } else if (entry.isFile() && isRoutingInput(path) && statSync(full).size < MAX_BYTES) {
        mkdirSync(dirname(join(into, path)), { recursive: true });
        writeFileSync(join(into, path), readFileSync(full));
        copied.push(path);
      }
    }
  };
  walk(source);
  return copied;
}
