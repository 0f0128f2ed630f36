/**
 * What an app's configuration says about the routes Rails itself adds, read from its files
 * without running them: which frameworks `config/application.rb` loads (`rails/all`, or each
 * framework's own `require`, as railties/lib/rails/all.rb lists them), and the settings the
 * frameworks read when their routes are drawn (`config.active_storage.draw_routes = false`).
 *
 * Settings are read where Rails reads them from: `config/application.rb`, then
 * `config/environments/<env>.rb`, then `config/initializers/*.rb` in order. The frameworks copy
 * them in `after_initialize`, which runs after every initializer and before the routes are
 * loaded (railties' Finisher), so the last assignment wins.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { childrenOf, requiredParameter, walkCalls } from "../ruby/walk.js";
import { branchesToRun, type Evaluate } from "../gems/branchesToRun.js";
import type { RValue } from "../ruby/values.js";

export type Framework = "active_storage" | "action_mailbox" | "action_mailer";

/** A call in one of the app's files: what the routes it causes point to. */
export interface Site {
  node: N.CallNode;
  file: LoadedFile;
}

/** A condition Routemap cannot decide, as routes drawn under it keep it (dsl/branches.ts `Condition`). */
export interface SettingCondition {
  readonly key: string;
  readonly text: string;
  readonly holds: boolean;
}

/**
 * A setting's value as written: a literal's value, or `unknown` with the code's text (and, for
 * one assigned under conditions Routemap cannot decide, those: `if Rails.env.staging?`, as text,
 * and as conditions where each is an `if`/`unless` Routemap could evaluate to an unknown).
 */
export type SettingValue =
  | { known: true; value: string | boolean | null }
  | { known: false; text: string; under?: string; conditions?: readonly SettingCondition[]; literal?: SettingValue };

export interface Setting {
  value: SettingValue;
  site: Site;
  /** The assignment this one overrides, where one was read before it. */
  previous?: Setting;
}

export interface FrameworkSetup {
  /** The frameworks loaded, each with the `require` that loads it. */
  loaded: Map<Framework, Site>;
  /** `active_storage.draw_routes` → its last assignment. */
  settings: Map<string, Setting>;
}

/** What each `require` of config/application.rb loads, of the frameworks that add routes. */
const REQUIRES: Record<string, Framework[]> = {
  "rails/all": ["active_storage", "action_mailbox", "action_mailer"],
  "action_mailer/railtie": ["action_mailer"],
  "active_storage/engine": ["active_storage"],
  // Action Mailbox's and Action Text's engines require Active Storage's.
  "action_mailbox/engine": ["active_storage", "action_mailbox"],
  "action_text/engine": ["active_storage"],
};

/** view_component's settings of its previews (gems/viewComponent.ts): 2.x and 3.x, then 4.x's. */
const VIEW_COMPONENT_SETTINGS = [
  "view_component.show_previews", "view_component.preview_route", "view_component.preview_controller",
  "view_component.previews.enabled", "view_component.previews.route", "view_component.previews.controller",
];

/** The settings that change what the frameworks draw. */
const SETTINGS = new Set(["active_storage.draw_routes", "active_storage.routes_prefix", "action_mailer.show_previews", ...VIEW_COMPONENT_SETTINGS]);

/** Whether a configuration file's text may set one of SETTINGS (the others need no parse). */
export const mentionsFrameworkSetting = (text: string): boolean => text.includes("active_storage") || text.includes("action_mailer") || text.includes("view_component");

/** How a reader of the configuration evaluates a condition, and makes a route's condition of an undecided one. */
export interface ConditionReader {
  evaluate?: Evaluate;
  conditionOf?: (file: LoadedFile, node: N.Node, value: RValue) => SettingCondition;
}

/** What an assignment runs under, Routemap cannot decide: as said, and as a route's condition where it can be one. */
interface Under {
  text: string;
  condition?: SettingCondition;
}

/**
 * `evaluate` decides the conditions settings are assigned under (`… = false if Rails.env.production?`,
 * in the environment mapped): an assignment in a branch that does not run is none; one under a
 * condition Routemap cannot decide (or in a method's body, a `case`, `&&`…) is a value it cannot know.
 */
export function readFrameworkSetup(application: LoadedFile, others: LoadedFile[], reader: ConditionReader = {}): FrameworkSetup {
  const setup: FrameworkSetup = { loaded: new Map(), settings: new Map() };
  walkCalls(application.program, (node) => requireCall(node, application, setup));
  for (const file of [application, ...others]) {
    const stack: { node: N.Node; under: readonly Under[] }[] = [{ node: file.program, under: [] }];
    while (stack.length) {
      const { node, under } = stack.pop()!;
      if (node instanceof N.CallNode) settingCall(node, file, setup, under);
      for (const next of runningChildren(file, node, under, reader).reverse()) stack.push(next);
    }
  }
  return setup;
}

/** A node's children, each with the conditions Routemap cannot decide that it runs under. */
function runningChildren(file: LoadedFile, node: N.Node, under: readonly Under[], reader: ConditionReader): { node: N.Node; under: readonly Under[] }[] {
  const text = (n: N.Node) => file.index.slice(n.location.startOffset, n.location.startOffset + n.location.length);
  if (node instanceof N.IfNode || node instanceof N.UnlessNode) {
    const { undecided, value, branches } = branchesToRun(file, node, reader.evaluate);
    if (!undecided) return branches.map((b) => ({ node: b.body, under }));
    const unless = node instanceof N.UnlessNode;
    const condition = value !== undefined ? reader.conditionOf?.(file, node.predicate, value) : undefined;
    const said = `${unless ? "unless" : "if"} ${text(node.predicate)}`;
    return branches.map((b) => {
      // An `unless` body, and an `if`'s `else`, run where the condition does not hold.
      const holds = b.own !== unless;
      const own: Under = { text: b.own ? said : `${unless ? "if" : "unless"} ${text(node.predicate)}`, condition: condition && (holds ? condition : { ...condition, holds: !condition.holds }) };
      return { node: b.body, under: [...under, own] };
    });
  }
  const opaque = node instanceof N.DefNode ? "in a method's body" : OPAQUE.some((k) => node instanceof k) ? `in \`${text(node).slice(0, 60)}\`` : undefined;
  return childrenOf(node).map((child) => ({ node: child, under: opaque ? [...under, { text: opaque }] : under }));
}

/** Nodes whose parts run, or not, on what Routemap does not decide here. */
const OPAQUE = [N.CaseNode, N.CaseMatchNode, N.AndNode, N.OrNode, N.WhileNode, N.UntilNode, N.RescueModifierNode, N.RescueNode];

function requireCall(node: N.CallNode, file: LoadedFile, setup: FrameworkSetup): void {
  if (node.name === "each" && node.receiver instanceof N.ArrayNode && node.block instanceof N.BlockNode) return requiredInLoop(node.receiver, node.block, file, setup);
  if (node.name !== "require" || node.receiver) return;
  const arg = node.arguments_?.arguments_[0];
  if (arg instanceof N.StringNode) required(arg.unescaped.value, node, file, setup);
}

function required(path: string, node: N.CallNode, file: LoadedFile, setup: FrameworkSetup): void {
  for (const framework of REQUIRES[path] ?? []) {
    if (!setup.loaded.has(framework)) setup.loaded.set(framework, { node, file });
  }
}

/**
 * `%w(action_controller/railtie active_storage/engine).each { |r| require r }` (rubytogether's),
 * or `require "#{name}/railtie"`: each of the list's Strings required where the block requires
 * its parameter.
 */
function requiredInLoop(list: N.ArrayNode, block: N.BlockNode, file: LoadedFile, setup: FrameworkSetup): void {
  const param = requiredParameter(block.parameters instanceof N.BlockParametersNode ? block.parameters.parameters : null);
  const values = list.elements.map((e) => (e instanceof N.StringNode ? e.unescaped.value : undefined));
  if (param === undefined || values.some((v) => v === undefined) || !block.body) return;
  walkCalls(block.body, (call) => {
    if (call.name !== "require" || call.receiver) return;
    const arg = call.arguments_?.arguments_[0];
    for (const value of values) {
      const path = arg ? requiredPath(arg, param, value!) : undefined;
      if (path !== undefined) required(path, call, file, setup);
    }
  });
}

/** The path `require arg` asks for where the block's parameter `param` is `value`; undefined for another expression. */
function requiredPath(arg: N.Node, param: string, value: string): string | undefined {
  if (arg instanceof N.LocalVariableReadNode) return arg.name === param ? value : undefined;
  if (!(arg instanceof N.InterpolatedStringNode)) return undefined;
  let path = "";
  for (const part of arg.parts) {
    if (part instanceof N.StringNode) path += part.unescaped.value;
    else if (part instanceof N.EmbeddedStatementsNode && part.statements?.body.length === 1 && part.statements.body[0] instanceof N.LocalVariableReadNode && part.statements.body[0].name === param) path += value;
    else return undefined;
  }
  return path;
}

/**
 * `<anything>.config.active_storage.draw_routes = value` (or `config.view_component.previews.enabled
 * = value`, a group in a group), or `config.…` inside the app's class or `configure` block.
 */
function settingCall(node: N.CallNode, file: LoadedFile, setup: FrameworkSetup, under: readonly Under[]): void {
  if (!node.name.endsWith("=") || node.name === "[]=") return;
  const groups: string[] = [];
  let group = node.receiver;
  for (; group instanceof N.CallNode && group.name !== "config" && groups.length < 3; group = group.receiver) groups.unshift(group.name);
  if (!(group instanceof N.CallNode) || group.name !== "config" || !groups.length) return;
  const key = `${groups.join(".")}.${node.name.slice(0, -1)}`;
  if (!SETTINGS.has(key)) return;
  const value = node.arguments_?.arguments_[0];
  if (!value) return;
  const text = file.index.slice(value.location.startOffset, value.location.startOffset + value.location.length);
  const written = literal(value, file);
  const conditions = under.every((u) => u.condition) ? under.map((u) => u.condition!) : undefined;
  const assigned: SettingValue = under.length ? { known: false, text, under: under.map((u) => u.text).join(" and "), conditions, literal: written } : written;
  setup.settings.set(key, { value: assigned, site: { node, file }, previous: setup.settings.get(key) });
}

function literal(node: N.Node, file: LoadedFile): SettingValue {
  if (node instanceof N.TrueNode) return { known: true, value: true };
  if (node instanceof N.FalseNode) return { known: true, value: false };
  if (node instanceof N.NilNode) return { known: true, value: null };
  if (node instanceof N.StringNode || node instanceof N.SymbolNode) return { known: true, value: node.unescaped.value };
  const loc = node.location;
  return { known: false, text: file.index.slice(loc.startOffset, loc.startOffset + loc.length) };
}
