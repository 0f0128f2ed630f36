/**
 * active_admin_import (activeadmin-plugins/active_admin_import, lib/active_admin_import/dsl.rb
 * at v6.0.0; the same routes since v1.0.0): `active_admin_import(options = {}, &block)` adds
 * `collection_action :import, method: :get` (the upload form) and `collection_action :do_import,
 * method: :post`; its options change the import, not the routes. It calls `collection_action`,
 * which only a resource's DSL has.
 */
import { sym } from "../ruby/values.js";

export const activeAdminImport = {
  gems: ["active_admin_import"],
  method: "active_admin_import",
  on: "resource",
  onPage: { method: "resource_class", receiver: "ActiveAdmin::Page" },
  actions() {
    return { collection: [{ name: "import", arg: sym("import"), verbs: ["get"] }, { name: "do_import", arg: sym("do_import"), verbs: ["post"] }] };
  },
} as const;
