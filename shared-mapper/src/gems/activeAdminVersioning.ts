/**
 * active_admin_versioning (yhirano55/active_admin_versioning v0.1.0 to v0.3.0:
 * lib/active_admin_versioning/active_admin/application.rb and dsl.rb, extension/ in 0.1.0): it
 * prepends `ActiveAdmin::Application#register`, so each `ActiveAdmin.register` (not
 * `register_page`, nor the comments a namespace registers itself) runs `versioning` before its
 * block: where the class has PaperTrail (`enabled_paper_trail?`), `member_action :versions`, a
 * GET. It asks the class `paper_trail.enabled?` (from 0.2.0) or `paper_trail_enabled_for_model?`
 * (0.1.0), through `try`: paper_trail removed the first in 10.0 and the second in 6.0, and with
 * those releases no class gets `versions`. Its `register` then runs `instance_eval(&block)`,
 * which raises ArgumentError where the registration has no block (all checked with the real gem,
 * 0.2.0 and 0.3.0, and paper_trail 9.2 and 12 on Debian's Rails 6.1).
 */
import type * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { sym } from "../ruby/values.js";
import { versionBefore } from "../mapper/state.js";
import { paperTrailOf, type PaperTrailSource, type PaperTrailState } from "./paperTrail.js";
import type { AdminAction, AdminReader } from "./activeAdminRegistrations.js";
import type { Locked } from "./activeAdminPlugins.js";

export const VERSIONING_GEM = "active_admin_versioning";

/** Ruby's message for `instance_eval(&nil)`, which the gem's `register` runs for a registration without a block. */
export const NO_BLOCK = "wrong number of arguments (given 0, expected 1..3) (active_admin_versioning's `ActiveAdmin.register` runs `instance_eval(&block)`, and this registration has no block)";

/** The gem's `register`, where the app locks it; the class's PaperTrail read as `source` says. */
export function versioningRegister(locked: Locked, source: PaperTrailSource): AdminReader["registering"] {
  const gem = locked(VERSIONING_GEM);
  if (!gem) return undefined;
  const paperTrail = locked("paper_trail")?.version;
  const removed = gem.version !== undefined && versionBefore(gem.version, [0, 2]) ? [6] : [10];
  if (paperTrail !== undefined && !versionBefore(paperTrail, removed)) return () => ({ withoutBlock: NO_BLOCK });
  const state = (className: string): PaperTrailState =>
    paperTrail === undefined ? { unknown: `the app's lockfile does not say which paper_trail it has (from ${removed[0]}.0 no class has the method the gem asks)` } : paperTrailOf(className, source);
  return (className, at) => ({ action: versionsAction(className, at, state(className)), withoutBlock: NO_BLOCK });
}

/** The `versions` action `versioning` adds, under the condition Routemap cannot decide where it cannot tell; none where the class has no PaperTrail. */
export function versionsAction(className: string, at: { file: LoadedFile; node: N.CallNode }, paperTrail: PaperTrailState): AdminAction | undefined {
  if ("enabled" in paperTrail && !paperTrail.enabled) return undefined;
  const action: AdminAction = { name: "versions", arg: sym("versions"), at, verbs: ["get"] };
  if ("enabled" in paperTrail) return action;
  const text = `${className}.paper_trail.enabled?`;
  return { ...action, condition: { key: `paper_trail:${className}`, text, why: `active_admin_versioning adds \`versions\` only where ${className} has PaperTrail (\`${text}\`), which Routemap cannot tell: ${paperTrail.unknown}.` } };
}
