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
import { walkCalls } from "../ruby/walk.js";

export type Framework = "active_storage" | "action_mailbox" | "action_mailer";

/** A call in one of the app's files: what the routes it causes point to. */
export interface Site {
  node: N.CallNode;
  file: LoadedFile;
}

/** A setting's value as written: a literal's value, or `unknown` with the code's text. */
export type SettingValue = { known: true; value: string | boolean | null } | { known: false; text: string };

export interface Setting {
  value: SettingValue;
  site: Site;
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

/** The settings that change what the frameworks draw. */
const SETTINGS = new Set([
  "active_storage.draw_routes", "active_storage.routes_prefix", "action_mailer.show_previews",
  // view_component's previews (gems/viewComponent.ts): 2.x and 3.x, then 4.x's.
  "view_component.show_previews", "view_component.preview_route", "view_component.preview_controller",
  "view_component.previews.enabled", "view_component.previews.route", "view_component.previews.controller",
]);

/** Whether a configuration file's text may set one of SETTINGS (the others need no parse). */
export const mentionsFrameworkSetting = (text: string): boolean => text.includes("active_storage") || text.includes("action_mailer") || text.includes("view_component");

export function readFrameworkSetup(application: LoadedFile, others: LoadedFile[]): FrameworkSetup {
  const setup: FrameworkSetup = { loaded: new Map(), settings: new Map() };
  for (const file of [application, ...others]) {
    walkCalls(file.program, (node) => {
      if (file === application) requireCall(node, file, setup);
      settingCall(node, file, setup);
    });
  }
  return setup;
}

function requireCall(node: N.CallNode, file: LoadedFile, setup: FrameworkSetup): void {
  if (node.name !== "require" || node.receiver) return;
  const arg = node.arguments_?.arguments_[0];
  if (!(arg instanceof N.StringNode)) return;
  for (const framework of REQUIRES[arg.unescaped.value] ?? []) {
    if (!setup.loaded.has(framework)) setup.loaded.set(framework, { node, file });
  }
}

/**
 * `<anything>.config.active_storage.draw_routes = value` (or `config.view_component.previews.enabled
 * = value`, a group in a group), or `config.…` inside the app's class or `configure` block.
 */
function settingCall(node: N.CallNode, file: LoadedFile, setup: FrameworkSetup): void {
  if (!node.name.endsWith("=") || node.name === "[]=") return;
  const groups: string[] = [];
  let group = node.receiver;
  for (; group instanceof N.CallNode && group.name !== "config" && groups.length < 3; group = group.receiver) groups.unshift(group.name);
  if (!(group instanceof N.CallNode) || group.name !== "config" || !groups.length) return;
  const key = `${groups.join(".")}.${node.name.slice(0, -1)}`;
  if (!SETTINGS.has(key)) return;
  const value = node.arguments_?.arguments_[0];
  if (value) setup.settings.set(key, { value: literal(value, file), site: { node, file } });
}

function literal(node: N.Node, file: LoadedFile): SettingValue {
  if (node instanceof N.TrueNode) return { known: true, value: true };
  if (node instanceof N.FalseNode) return { known: true, value: false };
  if (node instanceof N.NilNode) return { known: true, value: null };
  if (node instanceof N.StringNode || node instanceof N.SymbolNode) return { known: true, value: node.unescaped.value };
  const loc = node.location;
  return { known: false, text: file.index.slice(loc.startOffset, loc.startOffset + loc.length) };
}
