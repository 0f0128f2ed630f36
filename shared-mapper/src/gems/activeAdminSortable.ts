/**
 * activeadmin-sortable (neo/activeadmin-sortable, lib/activeadmin-sortable.rb at v0.0.3, the same
 * since v0.0.1): `sortable`, added to ActiveAdmin::ResourceDSL, takes no arguments and adds
 * `member_action :sort, :method => :post` (the drag-and-drop handle posts the new position).
 * active_admin-sortable_tree's `sortable` has the same name and adds a collection action: which
 * one a registration calls is the locked gem's.
 */
import { sym, type RValue } from "../ruby/values.js";

export const sortable = {
  gems: ["activeadmin-sortable"],
  method: "sortable",
  on: "resource",
  onPage: { method: "sortable", receiver: "ActiveAdmin::PageDSL" },
  actions(args: readonly RValue[]) {
    if (args.length) return "passes `sortable` arguments, which activeadmin-sortable's does not take (Ruby raises ArgumentError)";
    return { member: [{ name: "sort", arg: sym("sort"), verbs: ["post"] }] };
  },
} as const;
