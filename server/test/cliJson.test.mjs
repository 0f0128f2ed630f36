// The JSON the CLI prints against the JSON Schemas the package publishes
// (server/schema/*-v1.schema.json), validated with Ajv (a full JSON Schema 2020-12 validator):
// `routemap routes --json` of every fixture (the routing cases, the gems' cases, the fixture
// apps in each environment, the sample app) and `routemap check --format json` of every app.
// The commands run in this process, on one mapper; the sample app's also as users run them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { createNodeMapper } from "@routemap/shared-mapper/node";
import { routesCommand } from "../dist/cli/routes.js";
import { checkCommand } from "../dist/cli/check.js";
import { FIXTURES, listCases } from "../../test-fixtures/lib/cases.mjs";
import { APP_ENVS, listApps } from "../../test-fixtures/lib/apps.mjs";

const root = new URL("../..", import.meta.url).pathname;
const schema = (name) => JSON.parse(readFileSync(join(root, "server/schema", name), "utf8"));
const ajv = new Ajv2020({ allErrors: true, strict: true });
const validRoutes = ajv.compile(schema("routes-v1.schema.json"));
const validCheck = ajv.compile(schema("check-v1.schema.json"));
const mapper = await createNodeMapper();

/** Runs a command in this process; its exit status and what it printed. */
async function command(run, argv) {
  let out = "";
  let err = "";
  const status = await run(argv, { out: (s) => (out += s), err: (s) => (err += s) }, mapper);
  return { status, out, err };
}

function assertValid(validate, text, what) {
  const json = JSON.parse(text);
  if (!validate(json)) assert.fail(`${what}: ${ajv.errorsText(validate.errors, { separator: "\n  " })}`);
  return json;
}

const caseArgs = (c) => [
  ...["--env", c.options.env],
  ...(c.options.apiOnly ? ["--api-only"] : []),
  ...(c.options.controller ? ["-c", c.options.controller] : []),
  ...(c.options.grep ? ["-g", c.options.grep] : []),
];

test("routes --json of every routing case follows the published schema", async () => {
  const cases = listCases();
  assert.ok(cases.length > 200, `${cases.length} cases`);
  for (const c of cases) {
    for (const rails of ["6.1", "8.1"]) {
      const r = await command(routesCommand, [c.entry, "--json", "--rails", rails, ...caseArgs(c)]);
      assert.ok(r.status === 0 || r.status === 1, `${c.name}: status ${r.status}: ${r.err}`);
      assertValid(validRoutes, r.out, `${c.name} (Rails ${rails})`);
    }
  }
});

test("routes --json carries what the sheet marks after a row: an undecided condition, the block of an unknown method", async () => {
  const routes = assertValid(validRoutes, (await command(routesCommand, [join(FIXTURES, "diagnostics", "unknown_scope.rb"), "--json"])).out, "unknown_scope.rb").routes;
  const marked = routes.filter((r) => r.unknownScope !== undefined).map((r) => `${r.path} ${r.unknownScope}`);
  assert.deepEqual(marked, ["/streams/activity(.:format) tenant_scope", "/streams/main(.:format) tenant_scope", "/streams/tags(.:format) localized"]);
  const conditional = assertValid(validRoutes, (await command(routesCommand, [join(FIXTURES, "cases", "ruby", "conditionals.rb"), "--json"])).out, "conditionals.rb").routes;
  assert.ok(conditional.every((r) => r.conditions === undefined || r.conditions.every((c) => typeof c.text === "string" && typeof c.holds === "boolean")));
});

test("routes --json of the diagnostics' and gems' fixtures follows the published schema", async () => {
  const entries = [];
  for (const dir of ["diagnostics", "gems"]) {
    for (const name of readdirSync(join(FIXTURES, dir))) {
      if (name.endsWith(".rb")) entries.push(join(FIXTURES, dir, name));
      else if (!name.includes(".")) for (const file of ["routes.rb", "expanded.rb"]) if (readdirSync(join(FIXTURES, dir, name)).includes(file)) entries.push(join(FIXTURES, dir, name, file));
    }
  }
  assert.ok(entries.length >= 8, entries.join(", "));
  for (const entry of entries) assertValid(validRoutes, (await command(routesCommand, [entry, "--json"])).out, relative(FIXTURES, entry));
});

test("routes --json and check --format json of every fixture app, in each environment, follow the published schemas", async () => {
  const apps = [...listApps().map((a) => a.dir), join(FIXTURES, "sample-app")];
  for (const dir of apps) {
    for (const env of APP_ENVS) {
      const routes = assertValid(validRoutes, (await command(routesCommand, [dir, "--json", "--env", env])).out, `${dir} (${env})`);
      assert.equal(routes.railsEnv, env);
      const check = await command(checkCommand, [dir, "--format", "json", "--env", env]);
      assertValid(validCheck, check.out, `check ${dir} (${env})`);
    }
  }
});

test("the sample app's JSON, as users run the command: values, not Ruby literals, and the engines' sections", () => {
  const cli = join(root, "server/bin/routemap.cjs");
  const run = spawnSync(process.execPath, [cli, "routes", "test-fixtures/sample-app", "--json"], { cwd: root, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const doc = assertValid(validRoutes, run.stdout, "sample app");
  assert.deepEqual([doc.version, doc.railsVersion, doc.rubyVersion, doc.railsEnv], [1, "6.1.7.10", "3.1.2", "development"]);
  const invoice = doc.routes.find((r) => r.name === "invoice_order");
  assert.deepEqual(invoice.requirements, { format: { source: "pdf|html", flags: "" } });
  assert.deepEqual(invoice.requirementsRuby, { format: "/pdf|html/" });
  assert.deepEqual(invoice.defaults, { controller: "orders", action: "invoice" });
  assert.deepEqual(invoice.defaultsRuby, { controller: '"orders"', action: '"invoice"' });
  const apiRoute = doc.routes.find((r) => r.name === "api_v1_products");
  assert.equal(apiRoute.defaults.format, "json");
  assert.equal(apiRoute.defaultsRuby.format, ":json");
  const terms = doc.routes.find((r) => r.name === "terms_page");
  assert.deepEqual([terms.defaults.page, terms.defaultsRuby.page], ["terms", '"terms"']);
  assert.deepEqual(doc.routes.find((r) => r.name === "new_user_session").origin, "Devise");
  const mount = readFileSync(join(root, "test-fixtures/sample-app/config/routes.rb"), "utf8").split("\n").findIndex((l) => l.includes("mount Journal::Engine")) + 1;
  const mountedAt = { file: "test-fixtures/sample-app/config/routes.rb", line: mount, column: 3, endLine: mount, endColumn: 40 };
  assert.deepEqual(doc.engines, [{ name: "Journal::Engine", routesKnown: true, mountedAt }]);
  assert.deepEqual(doc.routes.filter((r) => r.engine).map((r) => r.name), ["entries", "entry", "root"]);
  const check = spawnSync(process.execPath, [cli, "check", "test-fixtures/sample-app", "--format", "json"], { cwd: root, encoding: "utf8" });
  assert.equal(check.status, 1);
  const findings = assertValid(validCheck, check.stdout, "check of the sample app");
  assert.deepEqual(findings.diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.code}`), [
    "test-fixtures/sample-app/config/routes.rb:45 warning missing-action",
    "test-fixtures/sample-app/app/views/products/index.html.erb:8 error unknown-helper",
  ]);
  assert.equal(findings.notChecked, null);
  // Every check runs: Devise's only `default_url_options` is its FailureApp's own, which the app's controllers do not get.
  assert.equal(findings.checks, "on");
  assert.deepEqual(findings.uncheckedBecause, []);
});

test("a segment's requirement Routemap could not compute is marked unknown in the JSON, never the default pattern", async () => {
  const r = await command(routesCommand, [join(FIXTURES, "diagnostics/unknown_values.rb"), "--json"]);
  const doc = assertValid(validRoutes, r.out, "unknown_values");
  const tag = doc.routes.find((route) => route.path === "/tags/:id(.:format)");
  assert.deepEqual(tag.parameters, [
    { name: "id", glob: false, requirement: "«Patterns::TAG»", unknown: true },
    { name: "format", glob: false, requirement: "[^\\.\\/\\?]+" },
  ]);
  // Constraints whose keys are unknown (`constraints(X) do`): every segment not given its own may have one.
  const inline = `Rails.application.routes.draw do
  constraints(LOCALE_CONSTRAINTS) do
    resources :posts, only: :show, id: /\\d+/
  end
end
`;
  const dir = mkdtempSync(join(process.env.TMPDIR ?? "/tmp", "routemap-json-"));
  try {
    writeFileSync(join(dir, "routes.rb"), inline);
    const posts = assertValid(validRoutes, (await command(routesCommand, [join(dir, "routes.rb"), "--json"])).out, "inline").routes[0];
    assert.deepEqual(posts.parameters, [
      { name: "id", glob: false, requirement: "\\d+" },
      { name: "format", glob: false, requirement: "«LOCALE_CONSTRAINTS»", unknown: true },
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the schemas are in the package's files, and say which version they describe", () => {
  const pkg = JSON.parse(readFileSync(join(root, "server/package.json"), "utf8"));
  for (const name of ["routes-v1.schema.json", "check-v1.schema.json"]) {
    assert.ok(pkg.files.includes(`schema/${name}`), name);
    assert.deepEqual(schema(name).properties.version, { const: 1, ...(name.startsWith("routes") ? { description: "The version of this document's shape." } : {}) });
  }
});
