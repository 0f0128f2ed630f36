/**
 * What of Rails' mapper Routemap follows as Rails wrote it, whatever the app's files define: the
 * methods the Mapper and its units (`Base`, `HttpHelpers`, `Scoping`, `Resources`, `Concerns`,
 * `CustomUrls`, mapper.rb) call themselves as they draw, besides the routing DSL. The names are
 * actionpack 6.1's (`instance_methods(false)` and `private_instance_methods(false)` of each, less
 * the DSL the interpreter dispatches). A routes file that defines one in its draw block (the
 * mapper's singleton method: `def name_for_action(*)`), or changes a unit (`def` in a reopening,
 * `Mapper::Resources.prepend(Mod)`), changes how Rails draws what follows: said, and the names
 * of the routes left open, never drawn as if Rails' own ran.
 */
import type { Span } from "../types.js";
import { MAPPER } from "./gemMappers.js";

const INTERNALS = new Set(
  [
    "action_options?", "action_path", "add_route", "api_only?", "app_name", "apply_action_options", "apply_common_behavior_for",
    "canonical_action?", "decomposed_match", "define_generate_prefix", "get_to_from_path", "map_match", "map_method",
    "match_root_route", "merge_action_scope", "merge_as_scope", "merge_blocks_scope", "merge_constraints_scope",
    "merge_controller_scope", "merge_defaults_scope", "merge_format_scope", "merge_module_scope", "merge_options_scope",
    "merge_path_names_scope", "merge_path_scope", "merge_shallow_path_scope", "merge_shallow_prefix_scope", "merge_shallow_scope",
    "merge_to_scope", "merge_via_scope", "name_for_action", "nested_options", "nested_scope?", "param_constraint",
    "param_constraint?", "path_for_action", "path_scope", "prefix_name_for_action", "rails_app?", "resource_method_scope?",
    "resource_scope", "resource_scope?", "scope_action_options", "set_member_mappings_for_resource", "shallow?",
    "shallow_nesting_depth", "shallow_scope", "using_match_shorthand?", "with_default_scope", "with_scope_level",
  ],
);

const UNITS = new Set(["Base", "HttpHelpers", "Scoping", "Resources", "Concerns", "CustomUrls"].map((unit) => `${MAPPER}::${unit}`));

/** Whether `name` is a method Rails' mapper calls itself as it draws (not the DSL). */
export const mapperInternal = (name: string): boolean => INTERNALS.has(name);

/** Whether `path` is one of the units Rails' Mapper includes (`ActionDispatch::Routing::Mapper::Resources`). */
export const mapperUnit = (path: string): boolean => UNITS.has(path.replace(/^::/, ""));

/** Says that the app's change at `span` to `what` is not followed (Rails' own is), and leaves the names of the routes open. */
export function sayMapperChangeNotFollowed(host: { report(severity: "info", message: string, span: Span, code: string): void; openRegion(span: Span, reason: string): void }, what: string, span: Span): void {
  const message = `Routemap does not follow this change to ${what}: it draws with Rails' own, and the routes drawn after it may differ in Rails.`;
  host.report("info", message, span, "unknown-method");
  host.openRegion(span, message);
}
