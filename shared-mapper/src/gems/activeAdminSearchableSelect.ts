/**
 * activeadmin-searchable_select (codevise/activeadmin-searchable_select,
 * lib/activeadmin/searchable_select/resource_dsl_extension.rb and option_collection.rb at v1.8.0;
 * the same since 1.0): `searchable_select_options(name: :all, **options)` in an ActiveAdmin
 * resource's registration adds `collection_action("#{name}_options")`, a GET that answers the
 * select's searches. Its other options (`scope:`, `text_attribute:`) are read per request.
 * (rs-pro's activeadmin-tom_select keeps the method and its action.)
 */
import { RHash, RSymbol, stringValue, type RValue } from "../ruby/values.js";

export const searchableSelect = {
  gems: ["activeadmin-searchable_select", "activeadmin-tom_select"],
  method: "searchable_select_options",
  on: "resource",
  onPage: { method: "searchable_select_options", receiver: "ActiveAdmin::PageDSL" },
  actions(args: readonly RValue[]) {
    const options = args.length === 1 && args[0] instanceof RHash ? args[0] : args.length === 0 ? new RHash() : undefined;
    if (!options) return "passes `searchable_select_options` arguments Routemap cannot read";
    const given = options.sget("name");
    const name = given === undefined ? "all" : given instanceof RSymbol ? given.name : stringValue(given);
    if (name === undefined) return "names its options' collection with a value Routemap cannot read";
    return { collection: [{ name: `${name}_options`, arg: `${name}_options`, verbs: ["get"] }] };
  },
} as const;
