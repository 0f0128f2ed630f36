/**
 * Completion. In Ruby and ERB files: every URL helper, with its path and controller#action,
 * inserted as a snippet with the required parameters (`edit_post_path(${1:post})`) but those
 * Rails fills where the file runs (snippets.ts: `post_comment_path(id: ${1:comment})` in
 * comments#index, whose requests give `:post_id`). In routes
 * files: the DSL methods valid at the cursor's scope, option names, action names for
 * `only:`/`except:`, and controller names for `to:`/`controller:`.
 */
import type { Route } from "@routemap/shared-mapper";
import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem, type CompletionList, type Position } from "vscode-languageserver/node";
import type { RailsApp } from "../workspace.js";
import { siteAt } from "./declarations.js";
import { fillable, partsLeftOut, snippetArguments, snippetText, type FilledParts } from "./snippets.js";
import { helperIndex, receiverBefore, requiredParameters, tableFor, type Helper, type HelperTable, type HelperTables } from "./helpers.js";

/**
 * What the client lets us leave out of each item of a long list (LSP 3.17): the `detail`
 * (filled in by `completionItem/resolve` when it is in the client's `resolveSupport`), and what
 * the list's `itemDefaults` give every item (`data`, `insertTextFormat`, `editRange`) where the
 * client takes them there. A few thousand helpers make the list's size what its latency depends on.
 */
export interface CompletionShape {
  /** Shared by every item; lets resolve find the table again. */
  data?: unknown;
  lazyDetail?: boolean;
  /** The list defaults the client takes (`completionList.itemDefaults`); each item carries the others itself. */
  itemDefaults?: readonly string[];
}

const completionCache = new WeakMap<HelperTable, Map<string, CompletionItem[]>>();

/**
 * Every helper of the table as a completion item, without what the list's defaults give; built
 * once per table and shape. Documentation comes on resolve.
 */
export function helperCompletions(result: HelperTable, shape: CompletionShape = {}): CompletionItem[] {
  const key = shape.lazyDetail ? "d" : "";
  let byShape = completionCache.get(result);
  if (!byShape) completionCache.set(result, (byShape = new Map()));
  let items = byShape.get(key);
  if (!items) byShape.set(key, (items = buildCompletions(result, shape)));
  return items;
}

function buildCompletions(result: HelperTable, shape: CompletionShape): CompletionItem[] {
  const items: CompletionItem[] = [];
  for (const helper of helperIndex(result).values()) {
    const route = helper.route;
    const params = route ? requiredParameters(route) : [];
    const item: CompletionItem = { label: helper.name, kind: CompletionItemKind.Function };
    if (!shape.lazyDetail) item.detail = helperDetail(helper);
    if (params.length) item.insertText = snippetText(helper.name, route!, params, false);
    // `_path` helpers before `_url` ones.
    if (helper.kind === "url") item.sortText = `~${helper.name}`;
    items.push(item);
  }
  return items;
}

function helperDetail(helper: Helper): string {
  const route = helper.route;
  return route ? `${route.verb || "ANY"} ${route.path} → ${route.reqs}` : `direct :${helper.custom!.name}`;
}

/**
 * The helpers worth sending for the word being typed: all of them before any letter; then
 * those the typed word can match as an editor's fuzzy filter does (its first letter at the
 * start of a word of the helper, the rest in order after it), the helpers starting with the
 * word first, at most `LIMIT` of them. The list is marked incomplete once narrowed, so the
 * client asks again as the word grows, and what was cut off comes back as it matches better.
 * (clangd and rust-analyzer bound their lists the same way.)
 */
export function helperCompletionList(tables: HelperTables, text: string, position: Position, shape: CompletionShape = {}, filled?: FilledParts): CompletionList {
  const line = text.split("\n")[position.line] ?? "";
  const prefix = /[A-Za-z0-9_]*$/.exec(line.slice(0, position.character))?.[0] ?? "";
  // A symbol (`:ad`, `[:ad, @post]`), an instance or global variable, or the start of a string names no helper.
  if (/(?:^|[^\w:]):$|["'@$]$/.test(line.slice(0, position.character - prefix.length))) return { isIncomplete: false, items: [] };
  // After `blog.` the engine's helpers, after `main_app.` the app's; after any other receiver, none.
  const receiver = receiverBefore(line, position.character - prefix.length);
  const table = tableFor(tables, receiver);
  if (!table) return { isIncomplete: false, items: [] };
  const all = helperCompletions(table, shape);
  // Receiver-less helpers take what the file's requests or `default_url_options` fill in: worked
  // out for the items sent (a narrowed list's 200, or the whole list, kept for the file).
  const fill = (items: CompletionItem[]) => (filled && receiver === undefined ? withFilledParts(table, items, filled) : items);
  // As a default, the snippet format also covers items without `insertText`: they insert their
  // label, which holds no `$`, `}` or `\`, so as a snippet it is the label itself. The list's
  // data says which table its items are of (`blog.root_path` is not the app's `root_path`), and
  // the edit range is the word typed so far.
  const data = receiver !== undefined && isRecord(shape.data) ? { ...shape.data, receiver } : shape.data;
  const defaults: ItemDefaults = { insertTextFormat: InsertTextFormat.Snippet };
  if (data !== undefined) defaults.data = data;
  if (prefix === "" || prefix[0] === "_") {
    // Past FILLED_WHOLE items, the whole list goes as the table gives it (working out each
    // snippet took 120-170 ms of 96,000 items), marked incomplete: the next letter asks again
    // and gets its narrowed list's snippets worked out.
    const tooMany = filled !== undefined && receiver === undefined && all.length > FILLED_WHOLE && fillable(filled).size > 0;
    return withDefaults(tooMany ? all : fill(all), defaults, shape, tooMany);
  }
  defaults.editRange = { start: { line: position.line, character: position.character - prefix.length }, end: position };
  return withDefaults(fill(matching(all, prefix.toLowerCase())), defaults, shape, true);
}

const filledCache = new WeakMap<CompletionItem[], { key: string; items: CompletionItem[] }>();

/** The items with the snippets of where the file runs (snippets.ts); those of the last file asked are kept. */
function withFilledParts(table: HelperTable, items: CompletionItem[], filled: FilledParts): CompletionItem[] {
  const key = `${[...(filled.defaults ?? [])].join(" ")}|${(filled.requests ?? []).map((r) => r.path).join(" ")}`;
  const known = filledCache.get(items);
  if (known?.key === key) return known.items;
  const index = helperIndex(table);
  const parts = fillable(filled);
  // A route's `_path` and `_url` items take the same arguments: worked out once (null: as they are).
  const argumentsOf = new Map<Route, string | null>();
  const out = items.map((item) => {
    const route = item.insertText === undefined || parts.size === 0 ? undefined : index.get(item.label)?.route;
    if (!route) return item;
    let args = argumentsOf.get(route);
    if (args === undefined) argumentsOf.set(route, (args = filledArguments(route, parts, filled)));
    if (args === null) return item;
    const copy: CompletionItem = { ...item, insertText: item.label + args };
    if (args === "") delete copy.insertText;
    return copy;
  });
  filledCache.set(items, { key, items: out });
  return out;
}

/** The arguments of a route's snippet where `filled` applies, or null when none of its parts is left out. */
function filledArguments(route: Route, parts: ReadonlySet<string>, filled: FilledParts): string | null {
  if (!route.requiredParts.some((p) => parts.has(p))) return null;
  const required = requiredParameters(route);
  const leftOut = partsLeftOut(route, required, filled);
  return leftOut.length ? snippetArguments(route, required.filter((p) => !leftOut.includes(p)), true) : null;
}

type ItemDefaults = NonNullable<CompletionList["itemDefaults"]>;

/**
 * The list with the defaults the client takes as the list's, and the others on each item: a
 * client without `completionList.itemDefaults` inserts and resolves each item as one with them
 * does (its data names the file and receiver, so resolve takes the item's own table).
 */
function withDefaults(items: CompletionItem[], defaults: ItemDefaults, shape: CompletionShape, isIncomplete: boolean): CompletionList {
  const taken = shape.itemDefaults ?? [];
  const listDefaults: Record<string, unknown> = {};
  const carried: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(defaults)) (taken.includes(key) ? listDefaults : carried)[key] = value;
  const list: CompletionList = { isIncomplete, items: Object.keys(carried).length ? carrying(items, carried as ItemDefaults) : items };
  if (Object.keys(listDefaults).length) list.itemDefaults = listDefaults as ItemDefaults;
  return list;
}

const carriedCache = new WeakMap<CompletionItem[], { key: string; items: CompletionItem[] }>();

/** Copies of the items, each with the defaults given; a whole list's (no edit range) kept for the next request of the same file. */
function carrying(items: CompletionItem[], defaults: ItemDefaults): CompletionItem[] {
  const key = defaults.editRange ? undefined : JSON.stringify(defaults);
  const known = key === undefined ? undefined : carriedCache.get(items);
  if (known && known.key === key) return known.items;
  const out = items.map((item) => {
    const copy: CompletionItem = { ...item };
    if (defaults.insertTextFormat !== undefined) copy.insertTextFormat = defaults.insertTextFormat;
    if (defaults.data !== undefined) copy.data = defaults.data;
    // `insertText` stays beside the edit, for clients that read only it (the protocol says the edit wins).
    if (defaults.editRange && "start" in defaults.editRange) copy.textEdit = { range: defaults.editRange, newText: item.insertText ?? item.label };
    return copy;
  });
  if (key !== undefined) carriedCache.set(items, { key, items: out });
  return out;
}

/** The most items of a whole list whose snippets are worked out for where the file runs (10-20 ms of processor time). */
export const FILLED_WHOLE = 10_000;

/** The most items a narrowed list holds. */
export const LIMIT = 200;

function matching(all: CompletionItem[], word: string): CompletionItem[] {
  const starting: CompletionItem[] = [];
  const others: CompletionItem[] = [];
  for (const item of narrowed(all, word[0])) {
    const label = item.label.toLowerCase();
    if (label.startsWith(word)) starting.push(item);
    else if (others.length < LIMIT && fuzzyMatch(label, word)) others.push(item);
  }
  return (starting.length >= LIMIT ? starting : starting.concat(others)).slice(0, LIMIT);
}

/** The word's first letter at a word start of the label (its start or after `_`), the rest in order after it. */
function fuzzyMatch(label: string, word: string): boolean {
  let i = label[0] === word[0] ? 0 : label.indexOf(`_${word[0]}`) + 1;
  if (i === 0 && label[0] !== word[0]) return false;
  for (let j = 1; j < word.length; j++) {
    i = label.indexOf(word[j], i + 1);
    if (i < 0) return false;
  }
  return true;
}

const narrowedCache = new WeakMap<CompletionItem[], Map<string, CompletionItem[]>>();

/** The items with a word starting with `first`; the same few lists serve every word typed. */
function narrowed(all: CompletionItem[], first: string): CompletionItem[] {
  let byLetter = narrowedCache.get(all);
  if (!byLetter) narrowedCache.set(all, (byLetter = new Map()));
  let items = byLetter.get(first);
  if (!items) byLetter.set(first, (items = all.filter((i) => i.label[0] === first || i.label.includes(`_${first}`))));
  return items;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `completionItem/resolve`: the route's details for the item the user is looking at, from the
 * table of the receiver it was offered after (the list's data), else the first table defining it.
 */
export function resolveHelperCompletion(tables: HelperTables, item: CompletionItem): CompletionItem {
  const receiver = isRecord(item.data) && typeof item.data.receiver === "string" ? item.data.receiver : undefined;
  const candidates = receiver !== undefined ? [tableFor(tables, receiver)] : [tables.own, tables.mainApp, ...tables.proxies.values()];
  const helper = candidates.map((t) => t && helperIndex(t).get(item.label)).find((h) => h);
  const route = helper?.route;
  if (!route) return helper && !item.detail ? { ...item, detail: helperDetail(helper) } : item;
  const params = requiredParameters(route);
  const value = [`\`${route.verb || "ANY"} ${route.path}\` → \`${route.reqs}\``, params.length ? `Requires ${params.map((p) => `\`${p}\``).join(", ")}` : ""]
    .filter(Boolean)
    .join("\n\n");
  return { ...item, detail: item.detail ?? helperDetail(helper!), documentation: { kind: MarkupKind.Markdown, value } };
}

const VERBS = ["get", "post", "patch", "put", "delete", "options", "match"];
const TOP_LEVEL = ["resources", "resource", "namespace", "scope", "controller", "constraints", "defaults", "root", "mount", "concern", "concerns", "draw", "direct", "resolve", "shallow", "redirect", ...VERBS];
const IN_RESOURCE = ["member", "collection", "new", "nested", ...TOP_LEVEL.filter((m) => m !== "direct" && m !== "resolve")];
const IN_METHOD_SCOPE = [...VERBS, "resources", "resource", "scope", "concerns", "redirect"];

const OPTIONS: Record<string, string[]> = {
  resources: ["only", "except", "path", "path_names", "as", "controller", "param", "module", "shallow", "shallow_path", "shallow_prefix", "format", "concerns", "constraints", "defaults"],
  namespace: ["path", "as", "module", "shallow_path", "shallow_prefix", "constraints", "defaults"],
  scope: ["path", "module", "as", "controller", "action", "path_names", "shallow_path", "shallow_prefix", "constraints", "defaults", "format", "only", "except"],
  match: ["to", "controller", "action", "as", "via", "on", "path", "format", "constraints", "defaults", "anchor"],
  root: ["to", "as", "via", "constraints", "defaults"],
  mount: ["at", "as", "via", "constraints"],
};
OPTIONS.resource = OPTIONS.resources.filter((o) => o !== "param");
for (const verb of VERBS) OPTIONS[verb] = OPTIONS.match;

const ACTIONS = ["index", "show", "new", "create", "edit", "update", "destroy"];

export function routesFileCompletions(app: RailsApp, text: string, file: string, position: Position): CompletionItem[] {
  const line = text.split("\n")[position.line] ?? "";
  const before = line.slice(0, position.character);
  if (/\b(only|except):\s*(?:\[[^\]]*)?:?\w*$/.test(before) || /\b(only|except):\s*%i\[[^\]]*$/.test(before)) {
    return ACTIONS.map((a) => ({ label: a, kind: CompletionItemKind.EnumMember }));
  }
  // `to: "posts#`, `controller: "posts`, and the hash-rocket form `get "x" => "posts#`.
  const quoted = /(?:\b(to|controller):|=>)\s*["']([\w/]*)(#\w*)?$/.exec(before);
  if (quoted) return controllerCompletions(app, quoted[1] !== "controller", quoted[3] !== undefined ? quoted[2] : undefined);
  const option = /^\s*(\w+)\b.*,\s*(\w*)$/.exec(before) ?? /^\s*(\w+)\s+[:"'\w].*?\s(\w*)$/.exec(before);
  if (option && OPTIONS[option[1]] && !/^\s*\w*$/.test(before)) {
    return OPTIONS[option[1]].map((o) => ({ label: `${o}:`, kind: CompletionItemKind.Property, insertText: `${o}: ` }));
  }
  if (/^\s*\w*$/.test(before)) {
    const site = siteAt(app.table(), file, position);
    const method = site?.first.method;
    const names = method === "resources" || method === "resource" ? IN_RESOURCE : method && ["member", "collection", "new"].includes(method) ? IN_METHOD_SCOPE : TOP_LEVEL;
    return names.map((n) => ({ label: n, kind: CompletionItemKind.Keyword }));
  }
  return [];
}

function controllerCompletions(app: RailsApp, withAction: boolean, controller: string | undefined): CompletionItem[] {
  const controllers = app.controllers();
  if (controller !== undefined) {
    // The controller's actions as Rails finds them (public methods, its app ancestors' too, not
    // private ones), and the templates that are actions without a method.
    const model = app.controllerModel().byPath.get(controller);
    if (!model) return [];
    const names = [...new Set([...model.actions.keys(), ...model.templates.keys()])].sort();
    return names.map((a) => ({ label: a, kind: CompletionItemKind.Method, detail: `${model.className}#${a}`, sortText: `${model.callbacks[a] ? 1 : 0}${a}` }));
  }
  return [...controllers.keys()].map((name) => ({
    label: name,
    kind: CompletionItemKind.Class,
    insertText: withAction ? `${name}#` : name,
    command: withAction ? { title: "actions", command: "editor.action.triggerSuggest" } : undefined,
  }));
}
