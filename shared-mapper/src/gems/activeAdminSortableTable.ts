/**
 * activeadmin_sortable_table (bolshakov/activeadmin_sortable_table,
 * lib/active_admin/sortable_table.rb at 1.3.0): `include ActiveAdmin::SortableTable` in a
 * resource's registration (ActiveAdmin's DSL `include` runs the module's `included(dsl)` hook)
 * adds `member_action :sort, method: :post` and, from 1.1.0, `member_action :move_to_top,
 * method: :post`. Without a locked release, 1.3.0's.
 */
import { versionBefore } from "../mapper/state.js";
import { sym } from "../ruby/values.js";

export const sortableTable = {
  gems: ["activeadmin_sortable_table"],
  include: "ActiveAdmin::SortableTable",
  on: "resource",
  onPage: { method: "member_action", receiver: "ActiveAdmin::PageDSL" },
  actions(_args: unknown, version: string | undefined) {
    const names = version !== undefined && versionBefore(version, [1, 1]) ? ["sort"] : ["sort", "move_to_top"];
    return { member: names.map((name) => ({ name, arg: sym(name), verbs: ["post"] })) };
  },
} as const;
