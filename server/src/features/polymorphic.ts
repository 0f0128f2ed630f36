/**
 * Polymorphic targets in controllers and views (`redirect_to @post`, `link_to "x", [:admin,
 * @post]`, `form_with model: Post.new`): hover names the record's class, how Routemap knows it,
 * and the helper Rails calls with its routes; definition goes to the route's declaration;
 * completion in an array's symbol offers the ones that make a helper the app defines.
 */
import { symbolsCompleting, type PolymorphicOptions, type PolymorphicTarget } from "@routemap/shared-mapper";
import { CompletionItemKind, MarkupKind, type CompletionItem, type Hover, type Location, type Position } from "vscode-languageserver/node";
import { toLocation, toRange } from "../convert.js";
import type { RailsApp } from "../workspace.js";
import { helperIndex, type Helper } from "./helpers.js";
import { routesTable } from "./hover.js";

/** The last file's targets: hover and definition ask about one text many times. */
let last: { path: string; text: string; inflections: PolymorphicOptions["inflections"]; targets: PolymorphicTarget[] } | undefined;

function targetAt(app: RailsApp, path: string, text: string, position: Position): PolymorphicTarget | undefined {
  const options = app.editorGeneration().polymorphic(path);
  if (last?.path !== path || last.text !== text || last.inflections !== options.inflections) {
    last = { path, text, inflections: options.inflections, targets: app.workspaceMapper().polymorphicTargets(path, text, options) };
  }
  return last.targets.find((t) => inside(t.span, position));
}

function inside({ start, end }: PolymorphicTarget["span"], position: Position): boolean {
  const after = position.line > start.line || (position.line === start.line && position.character >= start.character);
  const before = position.line < end.line || (position.line === end.line && position.character <= end.character);
  return after && before;
}

/** The helpers of the target the app's table defines (one, or two when the record may be new). */
function helpersOf(app: RailsApp, path: string, target: PolymorphicTarget): Helper[] {
  // An engine's file: the helpers its code has (an isolated engine's own set), as its checks take them.
  const index = helperIndex(app.helperTablesAt(path).own);
  return target.helpers.map((name) => index.get(name)).filter((h): h is Helper => h !== undefined);
}

export function hoverOnPolymorphic(app: RailsApp, path: string, text: string, position: Position): Hover | null {
  const target = targetAt(app, path, text, position);
  if (!target) return null;
  const described = target.records.map((r) => (r.isClass ? `the class **${r.className}**` : `a **${r.className}** (\`${r.how}\`${r.line >= 0 ? `, line ${r.line + 1}` : ""})`));
  // An array of symbols only (`[:admin, :dashboard]`) has no record.
  const records = described.length ? described : ["these symbols"];
  const persisted = target.helpers.length > 1 ? "\n\nWhether the record is saved decides which: Rails calls the first for a persisted record, the second for a new one." : "";
  const found = helpersOf(app, path, target);
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
  for (const helper of helpersOf(app, path, target)) {
    const span = helper.route?.source ?? helper.custom?.source;
    if (span) spans.set(`${span.file}:${span.start.line}:${span.start.character}`, span);
  }
  return spans.size ? [...spans.values()].map(toLocation) : null;
}

/** In a symbol of an array target (`[:adm, @post]`): the symbols that make a helper of the app's table. */
export function polymorphicCompletions(app: RailsApp, path: string, text: string, position: Position): CompletionItem[] | undefined {
  const target = targetAt(app, path, text, position);
  const index = target?.elements.findIndex((e) => e.symbol !== undefined && inside(e.span, position)) ?? -1;
  if (!target || index < 0) return undefined;
  const element = target.elements[index];
  const helpers = helperIndex(app.helperTablesAt(path).own);
  return symbolsCompleting(target, index, helpers.keys()).map((symbol) => {
    const keys = target.elements.map((e, i) => (i === index ? [symbol] : e.keys));
    const made = keys.reduce<string[]>((names, options) => names.flatMap((n) => options.map((k) => (n ? `${n}_${k}` : k))), [""]);
    const helper = made.map((n) => `${target.prefix}${n}_${target.suffix}`).find((n) => helpers.has(n));
    return { label: `:${symbol}`, kind: CompletionItemKind.EnumMember, detail: helper, textEdit: { range: toRange(element.span), newText: `:${symbol}` }, filterText: `:${symbol}` };
  });
}
