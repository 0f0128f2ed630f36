// Every fixture, and mutations of each, through every feature of the server at many
// positions: no exception may escape a feature function.
import { test } from "node:test";
import assert from "node:assert/strict";
import { listCases, caseFiles } from "../../test-fixtures/lib/cases.mjs";
import { mutations } from "../../test-fixtures/lib/mutations.mjs";
import { hoverInRoutesFile, hoverOnHelper } from "../dist/features/hover.js";
import { helperCompletionList, helperCompletions, routesFileCompletions } from "../dist/features/completion.js";
import { definitionInRoutesFile, definitionOfHelper } from "../dist/features/definition.js";
import { documentSymbols, workspaceSymbols } from "../dist/features/symbols.js";
import { routeReferences, routesAt } from "../dist/features/references.js";
import { prepareRename, RenameRefused } from "../dist/features/rename.js";
import { appDiagnostics, fileDiagnostics } from "../dist/features/diagnostics.js";
import { definitionOfHashTarget, hashTargetCompletions, hoverOnHashTarget } from "../dist/features/hashTargets.js";
import { actionCodeLenses, definitionOfAction, hoverOnAction } from "../dist/features/actions.js";
import { definitionOfPolymorphic, hoverOnPolymorphic, polymorphicCompletions } from "../dist/features/polymorphic.js";
import { helperCallDiagnostics } from "../dist/features/helperCalls.js";
import { recognize } from "@routemap/shared-mapper";
import { Workspace, DEFAULT_SETTINGS } from "../dist/workspace.js";
import { createNodeMapper } from "@routemap/shared-mapper/node";
import { memoryFs } from "./fixture.mjs";
import { listApps } from "../../test-fixtures/lib/apps.mjs";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

function positions(text) {
  const out = [];
  text.split("\n").forEach((line, i) => {
    for (const c of new Set([0, 2, 4, Math.floor(line.length / 2), line.length, line.length + 3])) out.push({ line: i, character: c });
  });
  out.push({ line: 10_000, character: 0 });
  return out;
}

function exercise(ws, path, text) {
  const app = ws.appFor(path);
  assert.ok(app, `no app for ${path}`);
  const result = app.table();
  const whole = appDiagnostics(app, { diagnostics: true, unreachedActions: true });
  // What a keystroke sends at once for the edited file is what the whole app's publishing gives it.
  const own = fileDiagnostics(app, { diagnostics: true, unreachedActions: true }, path);
  if (own !== undefined) assert.deepEqual(own, whole.get(path) ?? [], path);
  documentSymbols(result, path);
  workspaceSymbols([result], "a");
  helperCompletions(result);
  actionCodeLenses(app, path);
  const check = app.helperCheck();
  if (!("unchecked" in check)) helperCallDiagnostics(ws.mapper, check, path, text);
  for (const position of positions(text)) {
    hoverInRoutesFile(app, path, position);
    hoverOnHelper(app.helperTables(), text, position);
    routesFileCompletions(app, text, path, position);
    definitionInRoutesFile(app, path, position);
    definitionOfHelper(app.helperTables(), text, position);
    helperCompletionList(app.helperTables(), text, position);
    hoverOnHashTarget(app, path, text, position);
    definitionOfHashTarget(app, path, text, position);
    hashTargetCompletions(app, path, text, position);
    hoverOnPolymorphic(app, path, text, position);
    definitionOfPolymorphic(app, path, text, position);
    polymorphicCompletions(app, path, text, position);
    hoverOnAction(app, path, position);
    definitionOfAction(app, path, position);
    routeReferences(app, routesAt(app, path, text, position, true), true);
    // A refusal is an answer for the editor; anything else thrown is a bug.
    try {
      prepareRename(app, path, text, position, true);
    } catch (e) {
      if (!(e instanceof RenameRefused)) throw e;
    }
  }
  for (const request of ["GET /", "GET /posts/1", "POST /a/b/c.json", "DELETE //x//"]) recognize(result.routes, ...request.split(" "));
}

test("every fixture and its mutations go through every feature without an exception", async () => {
  const mapper = await createNodeMapper();
  let runs = 0;
  listCases().forEach((c, i) => {
    for (const text of [c.text, ...mutations(c.text, i + 7).slice(0, 2)]) {
      const files = new Map();
      for (const [path, body] of caseFiles(c)) {
        const target = path === c.entry ? "/app/config/routes.rb" : `/app/config/routes/${path.split("/routes/").pop()}`;
        files.set(target, path === c.entry ? text : body);
      }
      files.set("/app/app/views/x.html.erb", "<%= posts_path %> <%= root_url %>\n");
      const ws = new Workspace(memoryFs(files), mapper);
      ws.settings = { ...DEFAULT_SETTINGS, railsVersion: "7.2" };
      ws.discover(["/app"]);
      exercise(ws, "/app/config/routes.rb", text);
      runs++;
    }
  });
  assert.ok(runs > 700, `${runs} runs`);
});

/** Every file of a fixture app, by its path under `/w/<name>`. */
function appFiles(app) {
  const files = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(`/w/${app.name}/${relative(app.dir, path)}`, readFileSync(path, "utf8"));
    }
  };
  walk(app.dir);
  return files;
}

test("every fixture app, and mutations of each of its files, go through every feature without an exception", async () => {
  const mapper = await createNodeMapper();
  let runs = 0;
  listApps().forEach((app, i) => {
    const original = appFiles(app);
    const view = `/w/${app.name}/app/views/x.html.erb`;
    original.set(view, "<%= link_to 'x', new_user_session_path %> <%= blog.articles_path %> <%= main_app.root_url %> <%= rails_blob_path(@x) %>\n<% post = Post.find(1) %><%= link_to 'p', [:admin, post] %> <%= url_for(controller: 'posts', action: 'nope') %> <%= form_with model: Post.new do |f| %><% end %>\n");
    const variants = [original];
    // Each file the table is computed from, mutated (half-typed, truncated, garbled) with the others intact.
    for (const [path, text] of original) {
      if (!path.endsWith(".rb") && !path.endsWith(".lock")) continue;
      for (const mutated of mutations(text, i + path.length).slice(0, 2)) variants.push(new Map(original).set(path, mutated));
    }
    for (const files of variants) {
      const ws = new Workspace(memoryFs(files), mapper);
      ws.discover([`/w/${app.name}`]);
      // The routes files, the view, and the file this variant mutated (a controller, a model…) when it is the app's.
      const mutated = [...files.keys()].filter((p) => files.get(p) !== original.get(p) && p.includes("/app/"));
      for (const path of [`/w/${app.name}/config/routes.rb`, view, ...mutated, ...[...files.keys()].filter((p) => p.endsWith("/config/routes.rb") && p !== `/w/${app.name}/config/routes.rb`)]) {
        exercise(ws, path, files.get(path));
      }
      runs++;
    }
  });
  assert.ok(runs > 100, `${runs} runs`);
});
