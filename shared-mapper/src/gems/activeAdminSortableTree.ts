/**
 * active_admin-sortable_tree (zorab47/active_admin-sortable_tree,
 * lib/active_admin/sortable_tree/controller_actions.rb at v2.1.0; the same from nebulab's
 * activeadmin-sortable-tree 0.0.1 on, and in rs-pro's rs-active_admin-sortable_tree 2.2.1):
 * `sortable(options = {})`, added to ActiveAdmin::ResourceDSL, adds `collection_action :sort,
 * :method => :post` whatever its options (`tree:`, `sorting_attribute:`, `sortable: false` only
 * change the index view).
 */
import { sym, type RValue } from "../ruby/values.js";

export const sortableTree = {
  gems: ["active_admin-sortable_tree", "activeadmin-sortable-tree", "rs-active_admin-sortable_tree"],
  method: "sortable",
  on: "resource",
  onPage: { method: "sortable", receiver: "ActiveAdmin::PageDSL" },
  actions(args: readonly RValue[]) {
    if (args.length > 1) return "passes `sortable` more arguments than active_admin-sortable_tree's takes (Ruby raises ArgumentError)";
    return { collection: [{ name: "sort", arg: sym("sort"), verbs: ["post"] }] };
  },
} as const;
