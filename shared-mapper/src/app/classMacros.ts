/**
 * Which class-level calls of a controller body are Rails' own, and so define no action: the class
 * methods of ActionController::Base (`CLASS_METHODS`, recorded from Rails 6.1) and the macros later
 * releases added, read in actionpack's source (`git grep "def "` of lib/action_controller between
 * v6.1.7 and v8.1.3: `rate_limit`, metal/rate_limiting.rb, and `allow_browser`,
 * metal/allow_browser.rb, both from 7.2.0). Any other call is the app's or a gem's: where the gems
 * cannot be read, it may be a macro that defines actions (auto-session-timeout's
 * `auto_session_timeout_actions` defines `active` and `timeout`).
 */
import { versionBefore } from "../mapper/state.js";
import { CLASS_METHODS } from "./railsControllerMethods.js";

const RAILS_61 = new Set(CLASS_METHODS);

/** Class macros Rails added after 6.1, each with the release that added it. */
const LATER: ReadonlyMap<string, readonly number[]> = new Map([
  ["rate_limit", [7, 2]],
  ["allow_browser", [7, 2]],
]);

/** Whether `name` is a class method every controller has in Rails `version` (the locked actionpack's; the latest when unknown). */
export function railsClassMethod(name: string, version: string | undefined): boolean {
  if (RAILS_61.has(name)) return true;
  const since = LATER.get(name);
  return since !== undefined && (version === undefined || !versionBefore(version, since));
}

/**
 * Where the app's gems cannot be read (`why`): for a class-level call that is not Rails', why a
 * gem may define it; undefined for Rails' own.
 */
export function unreadGemMacros(why: string, version: string | undefined): (name: string) => string | undefined {
  return (name) => (railsClassMethod(name, version) ? undefined : why);
}
