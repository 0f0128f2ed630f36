/**
 * activeadmin_reorderable (dkniffin/activeadmin_reorderable, lib/active_admin/reorderable/dsl.rb
 * at 0.3.4, the same since 0.1.0): `reorderable(&block)`, added to ActiveAdmin::ResourceDSL,
 * adds `member_action(:reorder, :method => :post)`; a block replaces the action's body only.
 */
import { sym, type RValue } from "../ruby/values.js";

export const reorderable = {
  gems: ["activeadmin_reorderable"],
  method: "reorderable",
  on: "resource",
  onPage: { method: "reorderable", receiver: "ActiveAdmin::PageDSL" },
  actions(args: readonly RValue[]) {
    if (args.length) return "passes `reorderable` arguments, which it does not take (Ruby raises ArgumentError)";
    return { member: [{ name: "reorder", arg: sym("reorder"), verbs: ["post"] }] };
  },
} as const;
