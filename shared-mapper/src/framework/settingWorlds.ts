/**
 * The worlds a framework's settings make, where Routemap cannot decide a condition one is
 * assigned under: `config.active_storage.draw_routes = false if Settings.storage.external?` sets
 * it where the condition holds and leaves it as it was elsewhere. What the framework draws from
 * the setting is then drawn in each world, marked with that world's conditions, as the routes of
 * both branches of an undecided `if` in a routes file are (dsl/branches.ts): never one world
 * chosen silently. A value Routemap cannot know at all (`= ENV.fetch("X") == "1"`, or one set in a
 * `case` or a method) is taken as unset, Rails' default, and said.
 */
import type { Span } from "../types.js";
import type { FrameworkSetup, Setting, SettingCondition } from "./appConfig.js";

type Value = string | boolean | null | undefined;

/** The settings' values where `conditions` hold (none: everywhere). */
export interface SettingsWorld {
  conditions: readonly SettingCondition[];
  get(key: string): Value;
}

/** At most this many worlds for one framework's settings: past it, the conditional ones are taken as unset, and said. */
const MAX_WORLDS = 8;

/**
 * Each world of the settings `keys` (one when none is assigned under an undecided condition);
 * what Routemap cannot know of them is said in `notes`, at the assignment.
 */
export function settingWorlds(setup: FrameworkSetup, keys: readonly string[], notes: { message: string; span: Span }[]): SettingsWorld[] {
  let worlds: { conditions: readonly SettingCondition[]; values: Map<string, Value> }[] = [{ conditions: [], values: new Map() }];
  for (const key of keys) {
    const found = setup.settings.get(key);
    let options = found ? alternatives(found) : [{ conditions: [], value: undefined }];
    if (!options || options.length * worlds.length > MAX_WORLDS) {
      notes.push(unknownNote(key, found!));
      options = [{ conditions: [], value: undefined }];
    } else if (options.length > 1) notes.push(worldsNote(key, found!));
    worlds = worlds.flatMap((w) =>
      options.flatMap((o) => {
        const conditions = joined(w.conditions, o.conditions);
        return conditions ? [{ conditions, values: new Map(w.values).set(key, o.value) }] : [];
      }),
    );
  }
  return worlds.map((w) => ({ conditions: w.conditions, get: (key) => w.values.get(key) }));
}

/**
 * What a framework draws in each world (`plan`: undefined where nothing, else what it draws and a
 * key saying what that is): once and under no condition where every world draws the same (a
 * setting whose value under its condition changes nothing: `draw_routes = true if …`), else in
 * each world that draws, under its conditions.
 */
export function drawsByWorld<T>(worlds: readonly SettingsWorld[], plan: (world: SettingsWorld) => { key: string; draw: T } | undefined): { conditions: readonly SettingCondition[]; draw: T }[] {
  const planned = worlds.map((world) => ({ world, plan: plan(world) }));
  const first = planned[0]?.plan;
  if (planned.every((p) => p.plan?.key === first?.key)) return first ? [{ conditions: [], draw: first.draw }] : [];
  return planned.flatMap((p) => (p.plan ? [{ conditions: p.world.conditions, draw: p.plan.draw }] : []));
}

type Alternative = { conditions: readonly SettingCondition[]; value: Value };

/**
 * The values a setting may have, each with where: one where its last assignment is known; for a
 * literal assigned under undecided conditions c1…cn, the literal where all hold, and the value
 * before it (its own alternatives) where c1…c(i-1) hold and ci does not, for each i: worlds
 * that cover every case and never overlap. Undefined where Routemap cannot know the value.
 */
function alternatives(setting: Setting): Alternative[] | undefined {
  const { value } = setting;
  if (value.known) return [{ conditions: [], value: value.value }];
  if (!value.conditions?.length || !value.literal?.known) return undefined;
  const before = setting.previous ? alternatives(setting.previous) : [{ conditions: [], value: undefined }];
  if (!before) return undefined;
  const all = value.conditions;
  const out: Alternative[] = [{ conditions: all, value: value.literal.value }];
  all.forEach((c, i) => {
    const otherwise = [...all.slice(0, i), { ...c, holds: !c.holds }];
    for (const b of before) {
      const conditions = joined(otherwise, b.conditions);
      if (conditions) out.push({ conditions, value: b.value });
    }
  });
  return out;
}

/** Both lists of conditions, each once; undefined when one holds a condition the other negates. */
function joined(a: readonly SettingCondition[], b: readonly SettingCondition[]): readonly SettingCondition[] | undefined {
  const out = [...a];
  for (const c of b) {
    const same = out.find((x) => x.key === c.key);
    if (!same) out.push(c);
    else if (same.holds !== c.holds) return undefined;
  }
  return out;
}

function spanOf(setting: Setting): Span {
  const loc = setting.site.node.location;
  return setting.site.file.index.span(loc.startOffset, loc.startOffset + loc.length);
}

function worldsNote(key: string, setting: Setting): { message: string; span: Span } {
  const value = setting.value as Extract<Setting["value"], { known: false }>;
  return {
    message: `Routemap cannot decide whether config.${key} is set to \`${value.text}\` (only ${value.under}): what Rails draws from it is drawn for each case, marked with its condition where the cases differ.`,
    span: spanOf(setting),
  };
}

function unknownNote(key: string, setting: Setting): { message: string; span: Span } {
  const value = setting.value as Extract<Setting["value"], { known: false }>;
  return {
    message: value.under
      ? `Routemap cannot decide whether config.${key} is set to \`${value.text}\` (only ${value.under}), so it takes it as unset, as Rails' default.`
      : `Routemap cannot know \`${value.text}\` without booting the app, so it takes config.${key} as unset, as Rails' default.`,
    span: spanOf(setting),
  };
}
