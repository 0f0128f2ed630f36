/**
 * activeadmin-ajax_filter (holyketzer/activeadmin-ajax_filter, lib/active_admin/ajax_filter.rb
 * at v0.5.0, the same since v0.1.0): `include ActiveAdmin::AjaxFilter` in a resource's
 * registration (its `included(dsl)` hook) adds `collection_action :filter, method: :get`.
 */
import { sym } from "../ruby/values.js";

export const ajaxFilter = {
  gems: ["activeadmin-ajax_filter"],
  include: "ActiveAdmin::AjaxFilter",
  on: "resource",
  onPage: { method: "collection_action", receiver: "ActiveAdmin::PageDSL" },
  actions() {
    return { collection: [{ name: "filter", arg: sym("filter"), verbs: ["get"] }] };
  },
} as const;
