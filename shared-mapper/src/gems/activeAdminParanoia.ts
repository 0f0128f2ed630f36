/**
 * active_admin_paranoia (raihan2006i/active_admin_paranoia, lib/active_admin_paranoia/dsl.rb):
 * `active_admin_paranoia` adds batch actions (routed through the resource's `batch_action`
 * route, where batch actions are on) and, from 1.0.8, `member_action :restore, method: :put`.
 * Releases after 1.0.11 are tinkergarten-org's fork under the same name (1.0.12, 1.1.0), which
 * adds `member_action :archive, method: :put` too. Without a locked release, 1.0.11's.
 */
import { versionBefore } from "../mapper/state.js";
import { sym, type RValue } from "../ruby/values.js";

export const paranoia = {
  gems: ["active_admin_paranoia"],
  method: "active_admin_paranoia",
  on: "resource",
  onPage: { method: "add_batch_action", receiver: "ActiveAdmin::Page" },
  actions(args: readonly RValue[], version: string | undefined) {
    if (args.length) return "passes `active_admin_paranoia` arguments, which it does not take (Ruby raises ArgumentError)";
    if (version !== undefined && versionBefore(version, [1, 0, 8])) return {};
    const names = version !== undefined && !versionBefore(version, [1, 0, 12]) ? ["archive", "restore"] : ["restore"];
    return { member: names.map((name) => ({ name, arg: sym(name), verbs: ["put"] })) };
  },
} as const;
