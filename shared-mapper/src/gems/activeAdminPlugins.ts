/**
 * ActiveAdmin plugins Routemap models: a DSL method a registration's block calls, or a module it
 * includes (ActiveAdmin's DSL `include` runs the module's `included(dsl)` hook, dsl.rb), and the
 * actions it adds as `member_action`/`collection_action`/`page_action` would. One module per gem,
 * each naming the source it follows; this table chooses by what the app locks. Plugins that add
 * no route (`QUIET_PLUGINS`) are read as ActiveAdmin's own quiet DSL. Every one is a resource's:
 * in `register_page`'s block each raises as the app boots, NameError or NoMethodError for a
 * method the page's DSL (or the page) has not (`onPage`, each checked with the real gem and
 * activeadmin 3.2.5 on Debian's Rails 6.1), which Routemap says as an error there.
 */
import type { RValue } from "../ruby/values.js";
import { ajaxFilter } from "./activeAdminAjaxFilter.js";
import { activeAdminImport } from "./activeAdminImport.js";
import { paranoia } from "./activeAdminParanoia.js";
import { reorderable } from "./activeAdminReorderable.js";
import { searchableSelect } from "./activeAdminSearchableSelect.js";
import { sortable } from "./activeAdminSortable.js";
import { sortableTable } from "./activeAdminSortableTable.js";
import { sortableTree } from "./activeAdminSortableTree.js";
import { stateMachine } from "./activeAdminStateMachine.js";

/** What Ruby raises where a page's block calls a resource's plugin: `method` missing on `receiver` (the page's DSL, or the page's config). */
export interface PageRaise {
  method: string;
  receiver: "ActiveAdmin::PageDSL" | "ActiveAdmin::Page";
}

const ownMethod = (method: string): PageRaise => ({ method, receiver: "ActiveAdmin::PageDSL" });

/** An action a plugin adds: its name, as given (the Router passes it on), and verbs. */
export interface PluginAction {
  name: string;
  arg: RValue;
  verbs: string[];
}

export interface PluginActions {
  member?: PluginAction[];
  collection?: PluginAction[];
  page?: PluginAction[];
}

export interface AdminPlugin {
  /** The gem, under each name it is published (a fork's too). */
  gems: readonly string[];
  /** The DSL method a block calls (`sortable`), or the module it includes (`ActiveAdmin::SortableTable`). */
  method?: string;
  include?: string;
  /** Whose DSL has it: a resource's (`member_action` and `collection_action` are only there) or a page's. */
  on: "resource" | "page";
  /** A resource's, called in a page's block: the method Ruby then finds missing, and on what. */
  onPage?: PageRaise;
  /** What it adds, from its arguments and the release the app locks (undefined: the module's latest); why, where not known. */
  actions(args: readonly RValue[], version: string | undefined): PluginActions | string;
}

const PLUGINS: readonly AdminPlugin[] = [searchableSelect, sortable, sortableTree, sortableTable, activeAdminImport, reorderable, ajaxFilter, paranoia, stateMachine];

/**
 * DSL of plugins that draw nothing, by method: active_admin_scoped_collection_actions'
 * `scoped_collection_action` (dsl.rb, 0.3.3–1.0.1: `batch_action` calls and a sidebar),
 * activeadmin_hstore_editor's `hstore_editor` and activeadmin_json_editor's `json_editor` (a
 * `before_save`), active_admin_role's `role_changeable` (scopes and batch actions), activeadmin-xls'
 * `xls` and activeadmin-axlsx' `xlsx` (an index download format).
 */
const QUIET_PLUGINS: Record<string, { gems: readonly string[]; onPage?: PageRaise }> = {
  scoped_collection_action: { gems: ["active_admin_scoped_collection_actions"], onPage: ownMethod("scoped_collection_action") },
  hstore_editor: { gems: ["activeadmin_hstore_editor"], onPage: ownMethod("hstore_editor") },
  json_editor: { gems: ["activeadmin_json_editor"], onPage: ownMethod("json_editor") },
  role_changeable: { gems: ["active_admin_role"], onPage: { method: "scope", receiver: "ActiveAdmin::PageDSL" } },
  xls: { gems: ["activeadmin-xls"], onPage: ownMethod("xls") },
  // activeadmin-axlsx 3.0.0 does not load on Rails 6.1 (`alias_method_chain`): its page case is not checked.
  xlsx: { gems: ["activeadmin-axlsx"] },
};

/** The release of a gem the app locks (`{ version: undefined }` where no lockfile says); undefined where it has not the gem. */
export type Locked = (gem: string) => { version: string | undefined } | undefined;

/**
 * The plugin behind a call or an include in a registration of `kind`, with the release locked:
 * undefined where no plugin the app has defines it, a string where several do.
 */
export function pluginFor(by: { method: string } | { include: string }, kind: "resource" | "page", locked: Locked): { plugin: AdminPlugin; version: string | undefined } | string | undefined {
  const found: { plugin: AdminPlugin; version: string | undefined; gem: string }[] = [];
  for (const plugin of PLUGINS) {
    if (plugin.on !== kind || ("method" in by ? plugin.method !== by.method : plugin.include !== by.include)) continue;
    const gem = plugin.gems.find((g) => locked(g));
    if (gem) found.push({ plugin, gem, version: locked(gem)!.version });
  }
  if (found.length > 1) return `${found.map((f) => f.gem).join(" and ")} both define it, differently, and Routemap cannot tell which one the app has`;
  return found[0];
}

/**
 * Whether a call is a plugin's that draws nothing, where the app has the plugin. Resources' only:
 * in a page's block each raises (`pageRaise`).
 */
export function quietPlugin(method: string, kind: "resource" | "page", locked: Locked): boolean {
  return kind === "resource" && Object.prototype.hasOwnProperty.call(QUIET_PLUGINS, method) && QUIET_PLUGINS[method].gems.some((gem) => locked(gem));
}

/**
 * A resource's plugin called (or included) in a page's block, where the app has the plugin: what
 * Ruby raises as the app boots. Undefined where no such plugin defines it, or its page case is
 * not checked.
 */
export function pageRaise(by: { method: string } | { include: string }, locked: Locked): PageRaise | undefined {
  for (const plugin of PLUGINS) {
    if (plugin.on === "resource" && ("method" in by ? plugin.method === by.method : plugin.include === by.include) && plugin.gems.some((g) => locked(g))) return plugin.onPage;
  }
  if (!("method" in by) || !Object.prototype.hasOwnProperty.call(QUIET_PLUGINS, by.method)) return undefined;
  const quiet = QUIET_PLUGINS[by.method];
  return quiet.gems.some((gem) => locked(gem)) ? quiet.onPage : undefined;
}
