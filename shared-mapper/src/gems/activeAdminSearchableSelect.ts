/**
 * activeadmin-searchable_select (codevise/activeadmin-searchable_select,
 * lib/activeadmin/searchable_select/resource_dsl_extension.rb and option_collection.rb at v1.8.0;
 * the same since 1.0): `searchable_select_options(name: :all, **options)` in an ActiveAdmin
 * registration adds `collection_action("#{name}_options")`, a GET that answers the select's
 * searches. Its other options (`scope:`, `text_attribute:`) are read per request.
 */
import { RHash, RSymbol, stringValue, type RValue } from "../ruby/values.js";

/** The collection action the call adds (`all_options`), or why it cannot be named. */
export function searchableSelectAction(args: readonly RValue[]): { name: string; arg: RValue; verbs: string[] } | string {
  const options = args.length === 1 && args[0] instanceof RHash ? args[0] : args.length === 0 ? new RHash() : undefined;
  if (!options) return "passes `searchable_select_options` arguments Routemap cannot read";
  const given = options.sget("name");
  const name = given === undefined ? "all" : given instanceof RSymbol ? given.name : stringValue(given);
  if (name === undefined) return "names its options' collection with a value Routemap cannot read";
  return { name: `${name}_options`, arg: `${name}_options`, verbs: ["get"] };
}
