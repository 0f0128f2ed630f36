// Files of an extracted app that the comparison reads or adjusts, in the scratch copy only.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The Rails version the app's Gemfile.lock locks (railties, else actionpack, else rails), or null. */
export function lockedRails(root) {
  const file = join(root, "Gemfile.lock");
  if (!existsSync(file)) return null;
  const text = readFileSync(file, "utf8");
  for (const gem of ["railties", "actionpack", "rails"]) {
    const match = new RegExp(`^    ${gem} \\(([^)]+)\\)$`, "m").exec(text);
    if (match) return match[1];
  }
  return null;
}

/** Gems whose rules or constants Routemap follows per version (shared-mapper/src/gems/, core/rack.ts). */
const MODELLED_GEMS = ["devise", "doorkeeper", "omniauth", "devise_token_auth", "versionist", "pundit", "rack"];

/**
 * The truth runs Debian's versions of the gems, not the locked ones: Routemap is told the same
 * by the scratch copy's Gemfile.lock (only for gems whose routes Routemap draws by version).
 * Returns what was changed, `gem locked → Debian's`.
 */
export function alignLockfile(root, gems) {
  const file = join(root, "Gemfile.lock");
  if (!existsSync(file) || !gems) return [];
  let text = readFileSync(file, "utf8");
  const changed = [];
  for (const gem of MODELLED_GEMS) {
    const info = gems[gem];
    if (!info?.locked || info.locked === info.version) continue;
    const line = new RegExp(`^    ${gem} \\(${info.locked.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\)$`, "m");
    if (!line.test(text)) continue;
    text = text.replace(line, `    ${gem} (${info.version})`);
    changed.push(`${gem} ${info.locked} → ${info.version}`);
  }
  if (changed.length) writeFileSync(file, text);
  return changed;
}

/** A host app for a repository of engines (as its generator writes one): `{path: text}`. */
export function writeHost(root, host) {
  for (const [path, text] of Object.entries(host.files ?? {})) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}
