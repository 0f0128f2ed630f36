/**
 * ActiveSupport::OrderedOptions (active_support/ordered_options.rb), what `config_for` returns:
 * a Hash whose `[]`/`[]=` take a key as its Symbol, and any method a Hash does not have reads
 * (`cdn.host`), writes (`cdn.host = …`) or insists on (`cdn.host!`, KeyError when blank) the
 * key of its name. An RHash in `ORDERED_OPTIONS` is one, with the Rails series that made it:
 * - `dig`: Hash's in 6.1 and 7.0; 7.1 makes every key a Symbol (`keys.flatten.map(&:to_sym)`);
 *   7.2 and later only the first (`dig(key, *identifiers)`, rails/rails 1b211421cd0);
 * - `merge`, `deep_merge`, `dup`, `clone` keep the class (Ruby copies a Hash subclass);
 *   `select`, `slice`, `to_h`… give a plain Hash, as the Hash table here does.
 */
import { ORDERED_OPTIONS, RConst, RHash, RString, RSymbol, type RProc, type RValue } from "../ruby/values.js";
import { rubyError, type Result, type Runtime } from "./runtime.js";

/**
 * The public methods of an OrderedOptions (Ruby 3.1, ActiveSupport 6.1's core extensions
 * loaded): these are Hash's (or Object's) own; any other name goes to `method_missing`.
 */
const OWN = new Set(`__id__ __send__ acts_like? all? any? as_json assert_valid_keys assoc blank? chain chunk chunk_while class class_eval
clear clone collect collect_concat compact compact! compact_blank compact_blank! compare_by_identity compare_by_identity? count cycle
deconstruct_keys deep_dup deep_merge deep_merge! deep_stringify_keys deep_stringify_keys! deep_symbolize_keys deep_symbolize_keys!
deep_transform_keys deep_transform_keys! deep_transform_values deep_transform_values! default default= default_proc default_proc=
define_singleton_method delete delete_if detect dig display drop drop_while dup duplicable? each each_cons each_entry each_key each_pair
each_slice each_value each_with_index each_with_object empty? entries enum_for eql? equal? except except! exclude? excluding extend
extract! extractable_options? fetch fetch_values filter filter! filter_map find find_all find_index first flat_map flatten freeze frozen?
grep grep_v group_by has_key? has_value? hash html_safe? in? include? including index_by index_with inject inspect instance_eval
instance_exec instance_of? instance_values instance_variable_defined? instance_variable_get instance_variable_names instance_variable_set
instance_variables invert is_a? itself keep_if key key? keys kind_of? lazy length many? map max max_by member? merge merge! method
method_missing methods min min_by minmax minmax_by nested_under_indifferent_access nil? none? object_id one? partition pick pluck presence
presence_in present? private_methods protected_methods public_method public_methods public_send rassoc reduce rehash reject reject!
remove_instance_variable replace respond_to? reverse_each reverse_merge reverse_merge! reverse_update select select! send shift
singleton_class singleton_method singleton_methods size slice slice! slice_after slice_before slice_when sort sort_by store stringify_keys
stringify_keys! sum symbolize_keys symbolize_keys! taint tainted? take take_while tally tap then to_a to_enum to_h to_hash to_json
to_options to_options! to_param to_proc to_query to_s to_set to_xml transform_keys transform_keys! transform_values transform_values!
trust try try! uniq untaint untrust untrusted? update value? values values_at with_defaults with_defaults! with_indifferent_access
with_options without yield_self zip`.split(/\s+/));

const CLASS = "ActiveSupport::OrderedOptions";

/** Methods whose Hash result is an OrderedOptions again. */
const KEEPS_CLASS = new Set(["merge", "deep_merge", "dup", "clone"]);

/** An OrderedOptions of the hash's pairs, made by `series`' Rails (`OrderedOptions.new.update(hash)`). */
export function orderedOptions(hash: RHash, series: string): RHash {
  const out = new RHash();
  hash.forEach((k, v) => out.set(k, v));
  ORDERED_OPTIONS.set(out, series);
  return out;
}

/** `key.to_sym`: a String's or Symbol's; anything else has no `to_sym` (NoMethodError: undefined here). */
function toSym(key: RValue): RSymbol | undefined {
  if (key instanceof RSymbol) return key;
  if (typeof key === "string") return RSymbol.for(key);
  if (key instanceof RString) return RSymbol.for(key.value);
  return undefined;
}

/** Calls Hash's method of the core tables (`hashCall`), as `super` does. */
type HashCall = (name: string, args: RValue[]) => Result;

/**
 * An OrderedOptions' own answer to `name`; undefined to let Hash's answer (then marked again
 * for the methods that keep the class).
 */
export function orderedOptionsCall(rt: Runtime, self: RHash, name: string, args: RValue[], block: RProc | null, hashCall: HashCall): Result {
  const series = ORDERED_OPTIONS.get(self)!;
  switch (name) {
    case "[]": {
      const key = args.length === 1 ? toSym(args[0]) : undefined;
      return key ? hashCall("[]", [key]) : undefined;
    }
    case "[]=": {
      const key = args.length === 2 ? toSym(args[0]) : undefined;
      return key ? hashCall("[]=", [key, args[1]]) : undefined;
    }
    case "dig":
      return digKeys(series, args) ? hashCall("dig", digKeys(series, args)!) : undefined;
    case "to_h":
      return block ? undefined : new RHash(self.entries());
    case "to_s":
      // `inspect` is OrderedOptions' own; `to_s` stays Hash's (the plain inspection).
      return rt.send(new RHash(self.entries()), "to_s", args, block);
    case "respond_to?":
      return true;
    case "class":
      return new RConst(CLASS);
    case "instance_of?":
      return args[0] instanceof RConst && args[0].path.replace(/^::/, "") === CLASS;
  }
  if (KEEPS_CLASS.has(name)) {
    const result = hashCall(name, args);
    if (result instanceof RHash && result !== self) ORDERED_OPTIONS.set(result, series);
    return result;
  }
  if (OWN.has(name) || !/^[a-z_][a-zA-Z0-9_]*[=!]?$/.test(name) || block) return undefined;
  // method_missing: `name=` writes, `name!` insists, `name` reads.
  if (name.endsWith("=")) return args.length ? hashCall("[]=", [RSymbol.for(name.slice(0, -1)), args[0]]) : undefined;
  if (args.length) return undefined;
  if (name.endsWith("!")) {
    const key = name.slice(0, -1);
    const value = rt.send(hashCall("[]", [RSymbol.for(key)]) ?? null, "presence", [], null);
    if (value === null) throw rubyError("KeyError", `:${key} is blank`);
    return value;
  }
  return hashCall("[]", [RSymbol.for(name)]);
}

/** The keys `dig` passes to Hash#dig in this series; undefined where a key has no `to_sym` (an error Routemap leaves unknown). */
function digKeys(series: string, args: RValue[]): RValue[] | undefined {
  const [major, minor] = series.split(".").map(Number);
  if (major < 7 || (major === 7 && minor === 0)) return args;
  if (major === 7 && minor === 1) {
    const keys = args.flat().map(toSym);
    return keys.every((k) => k !== undefined) ? (keys as RValue[]) : undefined;
  }
  const first = args.length ? toSym(args[0]) : undefined;
  return first ? [first, ...args.slice(1)] : undefined;
}
