/**
 * Polymorphic targets in controllers and views (`redirect_to @post`, `link_to "x", [:admin,
 * @post]`, `form_with model: Post.new`): hover names the record's class, how Routemap knows it,
 * and the helper Rails calls with its routes; definition goes to the route's declaration.
 */
import type { PolymorphicTarget } from "@routemap/shared-mapper";
import { MarkupKind, type Hover, type Location, type Position } from "vscode-languageserver/node";
import { toLocation, toRange } from "../convert.js";
import type { RailsApp } from "../workspace.js";
import { helperIndex, type Helper } from "./helpers.js";
import { routesTable } from "./hover.js";

/** The last file's targets: hover and definition ask about one text many times. */
let last: { path: string; text: string; targets: PolymorphicTarget[] } | undefined;

function targetAt(app: RailsApp, path: string, text: string, position: Position): PolymorphicTarget | undefined {
  if (last?.path !== path || last.text !== text) last = { path, text, targets: app.generation().polymorphicTargets(app.workspaceMapper(), path, text) };
  const inside = (t: PolymorphicTarget) => {
    const { start, end } = t.span;
    const after = position.line > start.line || (position.line === start.line && position.character >= start.character);
    const before = position.line < end.line || (position.line === end.line && position.character <= end.character);
    return after && before;
  };
  return last.targets.find(inside);
}

/** The helpers of the target the app's table defines (one, or two when the record may be new). */
function helpersOf(app: RailsApp, target: PolymorphicTarget): Helper[] {
  const index = helperIndex(app.helperTables().own);
  return target.helpers.map((name) => index.get(name)).filter((h): h is Helper => h !== undefined);
}

export function hoverOnPolymorphic(app: RailsApp, path: string, text: string, position: Position): Hover | null {
  const target = targetAt(app, path, text, position);
  if (!target) return null;
  const records = target.records.map((r) => (r.isClass ? `the class **${r.className}**` : `a **${r.className}** (\`${r.how}\`${r.line >= 0 ? `, line ${r.line + 1}` : ""})`));
  const persisted = target.helpers.length > 1 ? "\n\nWhether the record is saved decides which: Rails calls the first for a persisted record, the second for a new one." : "";
  const found = helpersOf(app, target);
  const routes = found.flatMap((h) => (h.route ? [h.route] : []));
  const body = found.length
    ? `\`${target.call}\` calls ${target.helpers.map((h) => `\`${h}\``).join(" or ")} for ${records.join(", ")}${persisted}\n\n${routesTable(routes)}`
    : `\`${target.call}\` calls ${target.helpers.map((h) => `\`${h}\``).join(" or ")} for ${records.join(", ")}: no route defines it`;
  return { contents: { kind: MarkupKind.Markdown, value: body }, range: toRange(target.span) };
}

export function definitionOfPolymorphic(app: RailsApp, path: string, text: string, position: Position): Location[] | null {
  const target = targetAt(app, path, text, position);
  if (!target) return null;
  const spans = new Map<string, NonNullable<Helper["route"]>["source"]>();
  for (const helper of helpersOf(app, target)) {
    const span = helper.route?.source ?? helper.custom?.source;
    if (span) spans.set(`${span.file}:${span.start.line}:${span.start.character}`, span);
  }
  return spans.size ? [...spans.values()].map(toLocation) : null;
}
