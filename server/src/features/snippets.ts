/**
 * A URL helper's completion snippet where the file runs: the required parts Rails fills there
 * are left out, the others written in a form Rails assigns as meant.
 *
 * Follows actionpack 6.1's routing/route_set.rb (`UrlHelper#handle_positional_args`: with fewer
 * arguments than path parameters, the controller's URL options' keys and the route's defaults
 * are taken out before positional values are assigned in order) and journey/formatter.rb
 * (`extract_parameterized_parts`: a required part not given is taken from the request's path
 * parameters, the recall). Checked against Rails by test-fixtures/oracle/snippet_parts.rb.
 * - Where no request runs the file (a mailer and its templates), the keys of its
 *   `default_url_options` fill their parts: actionmailer's class attribute, the mailer's own
 *   where a class of its chain assigns one (`self.default_url_options = {…}`), else
 *   ActionMailer::Base's (`config.action_mailer.default_url_options`), with the routes' in both
 *   (`DefinedNames.mailerUrlDefaults`). The missing-part check still takes every key any file
 *   sets, which can only leave a mistake unsaid.
 * - Where a request runs it, a required part is recalled by every request that runs the file;
 *   it is left out only where it means the same there: each request's route has the helper's
 *   route's path up to that part (`post_comments_path` in comments#index recalls `:post_id`;
 *   `author_path` in books#show would recall the book's `:id`, which Rails takes all the same).
 * The parts kept are positional when they are the route's first path parameters (so whatever
 * Rails takes out, they land where meant), else keywords (`post_comment_path(id: …)`).
 */
import type { Route } from "@routemap/shared-mapper";
import { singularize } from "@routemap/shared-mapper/inflector";

/** What fills route parts where a file runs (`RailsApp.filledPartsAt`). */
export interface FilledParts {
  /** Where no request runs the file: the keys `default_url_options` give. */
  defaults?: ReadonlySet<string>;
  /** Where a request runs it: the routes of the requests that may. */
  requests?: readonly Route[];
}

/** The route's required parts (never `format`) that Rails fills where the file runs, as the snippet leaves them out. */
export function partsLeftOut(route: Route, required: readonly string[], filled: FilledParts): string[] {
  return required.filter((part) => filled.defaults?.has(part) || (!!filled.requests?.length && filled.requests.every((request) => recallsSamePart(request, route, part))));
}

/** The parts a snippet may leave out where the file runs: every request's required parts, and the URL options' keys (none: no snippet changes). */
export function fillable(filled: FilledParts): ReadonlySet<string> {
  const parts = new Set(filled.defaults);
  const [first, ...others] = filled.requests ?? [];
  for (const part of first?.requiredParts ?? []) if (others.every((r) => r.requiredParts.includes(part))) parts.add(part);
  return parts;
}

/** Whether a request to `request` recalls `part` as `route` means it: a required part of both, behind the same path. */
function recallsSamePart(request: Route, route: Route, part: string): boolean {
  if (!request.requiredParts.includes(part)) return false;
  const at = segmentEnd(route.path, part);
  return at >= 0 && request.path.startsWith(route.path.slice(0, at)) && !isWordChar(request.path.charCodeAt(at));
}

/** Where `:part` (or `*part`) ends in a route's path, or -1. */
function segmentEnd(path: string, part: string): number {
  for (let i = path.indexOf(part); i > 0; i = path.indexOf(part, i + 1)) {
    const end = i + part.length;
    if ((path[i - 1] === ":" || path[i - 1] === "*") && !isWordChar(path.charCodeAt(end))) return end;
  }
  return -1;
}

/** A letter, digit or `_` (NaN, past the end, is none). */
const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * The snippet's text: `name(${1:post})`, `name(id: ${1:comment})`, or the bare name when nothing
 * is left to give. With no part left out, positional, as the helper's parameters are.
 */
export function snippetText(name: string, route: Route, kept: readonly string[], leftOut: boolean): string {
  return name + snippetArguments(route, kept, leftOut);
}

/** The snippet's arguments (`(id: ${1:comment})`), or "" when there are none. */
export function snippetArguments(route: Route, kept: readonly string[], leftOut: boolean): string {
  if (!kept.length) return "";
  const parameters = route.parameters;
  let positional = true;
  // The parameters but `format`, which comes last: the kept parts must be their first ones.
  if (leftOut) for (let i = 0; i < kept.length && positional; i++) positional = parameters[i]?.name === kept[i];
  return `(${kept.map((part, i) => `${positional ? "" : `${part}: `}\${${i + 1}:${placeholder(route, part)}}`).join(", ")})`;
}

/** `:post_id` reads best as `post`, a route's `:id` as its resource (`edit_post_path` → `post`): the argument is usually the record. */
function placeholder(route: Route, part: string): string {
  if (part !== "id" || !route.name) return part.replace(/_id$/, "");
  // Singularized once per route: the inflector's rules are the list's cost otherwise.
  let word = idWords.get(route);
  if (word === undefined) idWords.set(route, (word = singularize(route.name.replace(/^(edit|new)_/, "").split("_").pop() ?? part)));
  return word;
}
const idWords = new WeakMap<Route, string>();
