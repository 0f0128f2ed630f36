/**
 * active_admin-state_machine (macfanatic/active_admin-state_machine,
 * lib/active_admin/state_machine/dsl.rb at v1.1.0): `state_action(action, options = {})` adds
 * `member_action action, method: options[:http_verb]`, `:put` by default (the option is
 * `http_verb:`, not `method:`).
 */
import { RHash, RSymbol, stringValue, type RValue } from "../ruby/values.js";

const VERBS = new Set(["get", "post", "put", "patch", "delete"]);

export const stateMachine = {
  gems: ["active_admin-state_machine"],
  method: "state_action",
  on: "resource",
  onPage: { method: "member_action", receiver: "ActiveAdmin::PageDSL" },
  actions(args: readonly RValue[]) {
    const [action, options = new RHash()] = args;
    const name = action instanceof RSymbol ? action.name : stringValue(action);
    if (name === undefined || args.length > 2 || !(options instanceof RHash)) return "passes `state_action` arguments Routemap cannot read";
    const given = options.sget("http_verb");
    const verb = given === undefined || given === null ? "put" : given instanceof RSymbol ? given.name : stringValue(given);
    if (verb === undefined || !VERBS.has(verb)) return "has `http_verb:` Routemap cannot read";
    return { member: [{ name, arg: action, verbs: [verb] }] };
  },
} as const;
