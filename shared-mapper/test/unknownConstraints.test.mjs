// A constraint Routemap cannot compute (issue 28 §1): constraints never add, remove or rename
// routes in Rails (mapper.rb: a Hash's keys become requirements, defaults of URL options or
// request conditions; any other value is a request constraint), so the routes it constrains
// are drawn with their names, paths and endpoints, the unknown is marked «…» in the sheet and
// said once where it is given, no name check is switched off, and what depends on it
// (recognition, the URL requirement checks) is undecided for those routes only.
//
// The known side is test-fixtures/cases/scope/constraints_kinds.rb, whose golden is Rails'.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { formatSheet, recognizeRoute, rubyVersion, unmatchedRequirementDiagnostics } from "../dist/index.js";
import { CASES } from "../../test-fixtures/lib/cases.mjs";
import { mapper } from "./helpers.mjs";

const OPTIONS = { railsVersion: "6.1", rubyVersion: "3.1" };
const ENTRY = "/app/config/routes.rb";

async function map(text) {
  return (await mapper()).map({ entry: ENTRY, files: new Map([[ENTRY, text]]), options: OPTIONS });
}

// ---- the fixture, each constraint made unknown ---------------------------------------------

const KNOWN = readFileSync(join(CASES, "scope", "constraints_kinds.rb"), "utf8");
/** A constraint as the fixture writes it: `constraints(X) do`, or `constraints: X` of `scope`/`resources`. */
const CONSTRAINT = /constraints\((.+)\) do$|constraints: (\{[^}]*\}|\w+)/gm;

/** Ways to make a written constraint unknown: the whole value, or each value or key of a Hash literal. */
const UNKNOWN_FORMS = {
  "the whole value": () => "Settings.routes.constraint",
  "a constant of a gem": () => "Gemcutter::SEPARATE_ADMIN_CONSTRAINTS",
  "a Hash of a gem's constant, compacted": () => "{ host: Gemcutter::SEPARATE_ADMIN_HOST }.compact",
  "each value of a Hash": (written) => hashLiteral(written)?.replace(/(\w+): [^,}]+/g, '$1: ENV["$1"]'),
  "each key of a Hash": (written) => hashLiteral(written)?.replace(/(\w+): ([^,}]+)/g, "Settings.$1 => $2"),
};

/** The Hash literal written (`host: /admin/` or `{ id: … }`) as a braced one, if it is one. */
function hashLiteral(written) {
  if (written.startsWith("{ ") && written.endsWith(" }") && !written.includes(".")) return written;
  if (/^\w+: /.test(written)) return `{ ${written} }`;
  return undefined;
}

/** The fixture with the constraint of line `line` written as `form` makes it; undefined if it does not apply. */
function withUnknown(line, form) {
  let replaced;
  const lines = KNOWN.split("\n");
  lines[line] = lines[line].replace(CONSTRAINT, (all, block, option) => {
    const written = block ?? option;
    replaced = form(written);
    if (replaced === undefined) return all;
    return block !== undefined ? `constraints(${replaced}) do` : `constraints: ${replaced}`;
  });
  return replaced === undefined ? undefined : lines.join("\n");
}

const constraintLines = KNOWN.split("\n").flatMap((text, i) => (new RegExp(CONSTRAINT.source).test(text) ? [i] : []));
const shape = (r) => `${r.name} ${r.verb} ${r.path} ${r.endpoint.kind}:${r.controller ?? r.endpoint.text}#${r.action ?? ""}`;

test("each constraint of the fixture made unknown: the same names, paths and endpoints as Rails', said once at the constraint, no name left unchecked", async () => {
  const known = await map(KNOWN);
  assert.equal(known.diagnostics.length, 0, known.diagnostics.map((d) => d.message).join("\n"));
  assert.equal(constraintLines.length, 12);
  let variants = 0;
  for (const line of constraintLines) {
    for (const [name, form] of Object.entries(UNKNOWN_FORMS)) {
      const text = withUnknown(line, form);
      if (text === undefined) continue;
      variants++;
      const where = `line ${line + 1}, ${name}: ${text.split("\n")[line].trim()}`;
      const result = await map(text);
      assert.deepEqual(result.routes.map(shape), known.routes.map(shape), where);
      assert.deepEqual(result.openRegions, [], where);
      assert.deepEqual(result.diagnostics.filter((d) => d.severity !== "info").map((d) => d.message), [], where);
      const infos = result.diagnostics.map((d) => d.span.start.line);
      assert.ok(infos.length > 0 && infos.every((l) => l === line), `${where}: infos at ${infos.map((l) => l + 1)}`);
      // What the constraint touched is marked; a route outside it keeps Rails' columns.
      const changed = result.routes.filter((r, i) => r.reqs !== known.routes[i].reqs);
      assert.ok(changed.length > 0 && changed.every((r) => r.reqs.includes("«")), `${where}: ${changed.map((r) => r.reqs).join(", ")}`);
      assert.equal(result.routes.find((r) => r.name === "plain").reqs, "pages#plain", where);
    }
  }
  assert.equal(variants, 46);
});

// ---- readable cases ------------------------------------------------------------------------

/** The sheet, the diagnostics, the open regions and what recognition answers for `requests`. */
async function check(body, requests, expected) {
  const result = await map(`Rails.application.routes.draw do\n${body.replace(/^\n/, "")}end\n`);
  const lines = [formatSheet(result.routes, { railsVersion: "6.1" }).trimEnd()];
  for (const d of result.diagnostics) lines.push(`${d.span.start.line + 1}: ${d.severity}: ${d.message}`);
  for (const r of result.openRegions) lines.push(`open at ${r.span.start.line + 1}`);
  for (const request of requests) {
    const [verb, path] = request.split(" ");
    const found = recognizeRoute(result.routes, verb, path);
    lines.push(`${request} => ${!found ? "no route" : "undecided" in found ? `undecided: ${found.undecided}` : `${found.route.reqs} ${JSON.stringify(found.params)}`}`);
  }
  assert.equal(lines.join("\n"), expected.replace(/^\n/, "").trimEnd());
}

test("rubygems.org's admin host: the namespace's routes are drawn and named, the host shown as the unknown it is", () =>
  check(
    `
  constraints({ host: Gemcutter::SEPARATE_ADMIN_HOST }.compact) do
    namespace :admin do
      resources :users, only: [:index, :show]
    end
  end
  get "users/:id", to: "users#show", as: :user
`,
    ["GET /admin/users/12", "GET /users/12"],
    `
     Prefix Verb URI Pattern                Controller#Action
admin_users GET  /admin/users(.:format)     admin/users#index {**«{ host: Gemcutter::SEPARATE_ADMIN_HOST }.compact»}
 admin_user GET  /admin/users/:id(.:format) admin/users#show {**«{ host: Gemcutter::SEPARATE_ADMIN_HOST }.compact»}
       user GET  /users/:id(.:format)       users#show
2: info: Routemap cannot compute \`{ host: Gemcutter::SEPARATE_ADMIN_HOST }.compact\` (a constant defined in none of the files Routemap has (a gem's, or set at boot)): the routes it constrains are drawn, their constraints shown as «{ host: Gemcutter::SEPARATE_ADMIN_HOST }.compact» (Rails may take requirements, defaults or request conditions from it, and raises if it gives a path segment a Regexp with anchors or the multiline option).
GET /admin/users/12 => undecided: Routemap cannot compute the route's constraints (admin/users#show {**«{ host: Gemcutter::SEPARATE_ADMIN_HOST }.compact»})
GET /users/12 => users#show {"controller":"users","action":"show","id":"12"}
`,
  ));

// The object's class is not one Routemap has (a gem's): Rails keeps it as a request constraint,
// which cannot draw routes and which URL generation never calls; said once, where it is given.
test("a request object of a gem's class is a request constraint, which Rails does not print: nothing to mark, said once", () =>
  check(
    `
  constraints(Flipper::Constraint.new(:new_dashboard)) do
    get "dashboard", to: "dashboard#show"
  end
  resources :reports, constraints: Sidekiq::AdminConstraint, only: :show
`,
    ["GET /dashboard"],
    `
   Prefix Verb URI Pattern            Controller#Action
dashboard GET  /dashboard(.:format)   dashboard#show
   report GET  /reports/:id(.:format) reports#show
2: info: Routemap does not have the class of \`Flipper::Constraint.new(:new_dashboard)\`: Rails keeps the object as a request constraint, called on each request (it cannot add, remove or rename a route, and URL generation does not call it), so the routes it constrains are drawn and their helpers checked.
GET /dashboard => dashboard#show {"controller":"dashboard","action":"show"}
`,
  ));

test("a requirement Routemap cannot compute is unknown to recognition, never no requirement; a name clash under it is still Rails' error", () =>
  check(
    `
  constraints(id: Patterns::ID) do
    get "items/:id", to: "items#show", as: :item
    get "things/:id", to: "things#show", as: :item
  end
  constraints(Settings.key => /\\A\\d+/) do
    get "parts/:id", to: "parts#show", as: :part
  end
`,
    ["GET /items/12", "GET /parts/12"],
    `
Prefix Verb URI Pattern          Controller#Action
  item GET  /items/:id(.:format) items#show {:id=>«Patterns::ID»}
  part GET  /parts/:id(.:format) parts#show {«Settings.key»=>/\\A\\d+/}
2: info: Routemap cannot compute \`Patterns::ID\` (a constant defined in none of the files Routemap has (a gem's, or set at boot)); the table shows it as «Patterns::ID».
4: error: Invalid route name, already in use: 'item' 
You may have defined two routes with the same name using the \`:as\` option, or you may be overriding a route already defined by a resource with the same naming. For the latter, you can restrict the routes created with \`resources\` as explained here: 
https://guides.rubyonrails.org/routing.html#restricting-the-routes-created
6: info: Routemap cannot compute \`Settings.key\` (a method Routemap does not model); the table shows this constraint as «Settings.key» (it is a requirement if it names a path segment, a condition on the request otherwise).
GET /items/12 => undecided: Routemap cannot compute the requirement «Patterns::ID»
GET /parts/12 => undecided: Routemap cannot compute the route's constraints (parts#show {«Settings.key»=>/\\A\\d+/})
`,
  ));

test("a URL option given a value Routemap cannot compute is shown marked, as Rails shows a String or Integer one", () =>
  check(
    `
  constraints(subdomain: ENV["API_SUBDOMAIN"], format: :json) do
    get "status", to: "status#show"
  end
`,
    [],
    `
Prefix Verb URI Pattern       Controller#Action
status GET  /status(.:format) status#show {:subdomain=>«ENV["API_SUBDOMAIN"]», :format=>:json}
2: info: Routemap cannot compute \`ENV["API_SUBDOMAIN"]\` (an environment variable of the process that runs Rails, which Routemap was not given); the table shows it as «ENV["API_SUBDOMAIN"]».
`,
  ));

test("a written value is not checked against a requirement that constraints Routemap cannot compute may replace", async () => {
  const body = `Rails.application.routes.draw do
  constraints(id: /\\d+/) do
    get "a/:id", to: "a#show", as: :a
    constraints(Settings.more) do
      get "b/:id", to: "b#show", as: :b
    end
  end
end
`;
  const result = await map(body);
  const m = await mapper();
  const { calls } = m.urlUses("/app/app/views/a.rb", 'a_path("x")\nb_path("x")\n');
  const context = { routes: result.routes, mainRoutes: result.routes, request: false, defaults: new Set(["host"]), ruby: rubyVersion("3.1") };
  const lines = unmatchedRequirementDiagnostics(calls, context).map((d) => `${d.span.start.line}: ${d.message}`);
  assert.deepEqual(lines, ['0: No route matches {:action=>"show", :controller=>"a", :id=>"x"}, possible unmatched constraints: [:id]']);
});

test("a route's own constraint Routemap cannot compute: drawn and marked; Rails checks a non-Hash one when it draws, which is said", () =>
  check(
    `
  get "a/:id", to: "a#show", as: :a, constraints: Settings.constraint
  get "b/:id", to: "b#show", as: :b, constraints: { id: /\\d+/, subdomain: Settings.subdomain }
`,
    ["GET /b/12"],
    `
Prefix Verb URI Pattern      Controller#Action
     a GET  /a/:id(.:format) a#show {**«Settings.constraint»}
     b GET  /b/:id(.:format) b#show {:subdomain=>«Settings.subdomain», :id=>/\\d+/}
2: info: Routemap cannot compute \`Settings.constraint\` (a method Routemap does not model): the routes it constrains are drawn, their constraints shown as «Settings.constraint» (Rails may take requirements, defaults or request conditions from it, and raises if it gives a path segment a Regexp with anchors or the multiline option; and raises ArgumentError (Invalid constraint) if it is neither a Hash nor answers \`call\` or \`matches?\`).
3: info: Routemap cannot compute \`Settings.subdomain\` (a method Routemap does not model); the table shows it as «Settings.subdomain».
GET /b/12 => b#show {:subdomain=>«Settings.subdomain», :id=>/\\d+/} {"controller":"b","action":"show","id":"12"}
`,
  ));

// mapper.rb `apply_common_behavior_for`: `(options[:constraints] ||= {})[k] = options.delete(k)` for
// each Regexp option. A Hash Routemap cannot compute takes the Regexp beside it, marked; an object
// takes it only if its class defines `[]=`, which Routemap cannot tell: that call is skipped, said.
test("resources with constraints Routemap cannot compute and a Regexp option: the Regexp joins them, or, for an object, the call is skipped and said", () =>
  check(
    `
  resources :posts, constraints: Settings.post_constraints, id: /\\d+/, only: :show
  resources :reports, constraints: Flipper::Constraint.new(:reports), id: /\\d+/, only: :show
`,
    ["GET /posts/12"],
    `
Prefix Verb URI Pattern          Controller#Action
  post GET  /posts/:id(.:format) posts#show {**«Settings.post_constraints», :id=>/\\d+/}
2: info: Routemap cannot compute \`Settings.post_constraints\` (a method Routemap does not model): the routes it constrains are drawn, their constraints shown as «Settings.post_constraints» (Rails may take requirements, defaults or request conditions from it, and raises if it gives a path segment a Regexp with anchors or the multiline option).
3: info: Routemap skipped this \`resources\`: it depends on \`Flipper::Constraint.new(:reports)\`, an object of a class Routemap does not have.
open at 3
GET /posts/12 => undecided: Routemap cannot compute the route's constraints (posts#show {**«Settings.post_constraints», :id=>/\\d+/})
`,
  ));
