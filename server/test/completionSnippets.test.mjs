// Completion snippets of URL helpers where the file runs (issue 28), over the protocol, against
// Rails: test-fixtures/helper-checks/snippets booted with Debian's Rails 6.1 says, for each
// template and mailer and each helper with required parts, which parts Rails fills there (the
// mailers' `default_url_options`, a request's path parameters) and which call forms it assigns
// as meant (`snippets.parts.rails-6.1.txt`, test-fixtures/oracle/snippet_parts.rb). A snippet
// leaves out only parts Rails fills, and its form (positional or keywords) is one Rails takes
// without them; the snippets themselves are in expect/completion-snippets.txt.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { startServer } from "./lspClient.mjs";
import { expectFile } from "./fixture.mjs";

const root = join(FIXTURES, "helper-checks", "snippets");
/** Per file and helper of an oracle's golden: the route's required parts, those Rails fills, and the parts a positional or keyword call may leave out (`a+b`, `-` for none). */
const goldenOf = (name) =>
  readFileSync(join(FIXTURES, "helper-checks", `${name}.parts.rails-6.1.txt`), "utf8").trimEnd().split("\n").map((line) => {
    const m = /^(\S+): (\w+) needs ([\w ]+); fills ([\w ]+|-)(?: \[recalled ([\w ]+)\])?; positional without: (.*); keywords without: (.*)$/.exec(line);
    assert.ok(m, line);
    return { file: m[1], helper: m[2], required: m[3].split(" "), fills: m[4] === "-" ? [] : m[4].split(" "), recalled: m[5]?.split(" ") ?? [], positional: m[6].split(", "), keywords: m[7].split(", ") };
  });
const rails = goldenOf("snippets");
const CAPABILITIES = { textDocument: { completion: { completionItem: { snippetSupport: true } } } };

let server;
before(async () => {
  server = await startServer([root], { railsVersion: "6.1" }, CAPABILITIES);
});
after(() => server.stop());

/** The items offered on a new line where the file's code runs (a template's tag, the mailer's action), by `on` in the app at `at`. */
async function completionIn(file, on = server, at = root) {
  const uri = pathToFileURL(join(at, file)).toString();
  const text = readFileSync(join(at, file), "utf8");
  // A mailer's action: before its `mail(`, or its body's end.
  const edited = file.endsWith(".erb") ? `${text}<%= \n` : /\n\s*mail\(/.test(text) ? text.replace(/\n(\s*)mail\(/, "\n$1x = \n$1mail(") : text.replace(/(\n(\s*)def \w+\n)/, "$1$2  x = \n");
  const lines = edited.split("\n");
  const line = file.endsWith(".erb") ? lines.length - 2 : lines.findIndex((l) => /^\s*x = $/.test(l));
  on.conn.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: file.endsWith(".erb") ? "erb" : "ruby", version: 1, text: edited } });
  try {
    const list = await on.conn.sendRequest("textDocument/completion", { textDocument: { uri }, position: { line, character: lines[line].length } });
    return list.items;
  } finally {
    on.conn.sendNotification("textDocument/didClose", { textDocument: { uri } });
  }
}

/** A snippet's parts: positional (`post_path(${1:post})`) or keywords (`post_path(id: ${1:post})`), none for a bare name. */
function snippetParts(text, helper) {
  const args = /^\w+\((.*)\)$/.exec(text)?.[1];
  if (!args) return { form: "positional", given: 0, keywords: [] };
  const keywords = [...args.matchAll(/(\w+): \$\{\d+:\w+\}/g)].map((m) => m[1]);
  const given = [...args.matchAll(/\$\{\d+:\w+\}/g)].length;
  assert.ok(keywords.length === 0 || keywords.length === given, `${helper}: ${text}`);
  return { form: keywords.length ? "keywords" : "positional", given, keywords };
}

test("a helper's snippet leaves out only the parts Rails fills where the file runs, in a form Rails assigns as meant", async () => {
  assert.ok(rails.length >= 40, "the oracle judged the snippets app's helpers");
  const { wrong, shown } = await judged(rails, (file) => completionIn(file));
  assert.deepEqual(wrong, []);
  expectFile("completion-snippets", shown.join("\n") + "\n");
});

// An engine's mailer (the engines app's forum, not isolated: the app's helpers): the holding
// app's `ActionMailer::Base.default_url_options[:account]` fills `profile_url`'s :account there
// too (test-fixtures/oracle/snippet_parts.rb on helper-checks/engines). Its controllers'
// templates, under a request through the mount (or the app's route to them), are judged too:
// what every such request recalls with the same meaning is left out, as in the app's.
test("an engine's mailer and its template: the snippets leave out what the app's mailer options fill", async (t) => {
  const at = join(FIXTURES, "helper-checks", "engines");
  const truth = goldenOf("engines").filter((r) => r.file.startsWith("engines/"));
  assert.ok(truth.some((r) => r.fills.length), "Rails fills a part in an engine's mailer");
  const engines = await startServer([at], { railsVersion: "6.1" }, CAPABILITIES);
  try {
    const { wrong, shown, recalledAsked } = await judged(truth, (file) => completionIn(file, engines, at));
    assert.deepEqual(wrong, []);
    expectFile("completion-snippets-engines", shown.join("\n") + "\n");
    // Rails fills blog/posts/show's :id for `post_path` (the isolated engine's own route, through
    // the mount) and web/templates/show's for `web_template_path` (the engine's route appended to
    // the app's), each the template's own resource: left out, the requests' routes being those
    // reaching the engine's controllers (`RailsApp.controllerRoutes`), not the engine folder's
    // table. `user_path`'s :id there is another resource's, which snippets.ts asks for by design.
    await t.test("what an engine's request recalls is left out of its templates' snippets", () => {
      assert.deepEqual(recalledAsked, ["engines/web/app/views/web/templates/show.html.erb: user_path(${1:user}) asks for id, which every request recalls"]);
    });
  } finally {
    await engines.stop();
  }
});

/** Each helper's snippet in each file of `truth` against what Rails does there: the mistakes, and every snippet shown. */
async function judged(truth, itemsIn) {
  const byFile = new Map();
  for (const r of truth) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  const wrong = [];
  const shown = [];
  const recalledAsked = [];
  for (const [file, helpers] of byFile) {
    const items = await itemsIn(file);
    for (const r of helpers) {
      const item = items.find((i) => i.label === r.helper);
      if (!item) {
        wrong.push(`${file}: ${r.helper} not offered`);
        continue;
      }
      const text = item.textEdit?.newText ?? item.insertText ?? item.label;
      shown.push(`${file}: ${text}`);
      const { form, given, keywords } = snippetParts(text, r.helper);
      // Positional values land on the route's first parts (snippets.ts), so those after them are left out.
      const leftOut = form === "keywords" ? r.required.filter((p) => !keywords.includes(p)) : r.required.slice(given);
      const label = leftOut.length ? leftOut.join("+") : "-";
      // What the app's URL options fill is left out; a recalled part, where it means the same (snippets.ts).
      const options = r.fills.filter((p) => !r.recalled.includes(p));
      if (!options.every((p) => leftOut.includes(p))) wrong.push(`${file}: ${text} asks for ${options.filter((p) => !leftOut.includes(p)).join(" ")}, which the URL options give`);
      if (!leftOut.every((p) => r.fills.includes(p))) wrong.push(`${file}: ${text} leaves out ${label}, Rails fills ${r.fills.join(" ") || "nothing"}`);
      // A recalled part asked for: Rails takes the value given, so not wrong, only not left out.
      for (const p of r.recalled) if (!leftOut.includes(p) && r.fills.includes(p)) recalledAsked.push(`${file}: ${text} asks for ${p}, which every request recalls`);
      if (!(form === "positional" ? r.positional : r.keywords).includes(label)) wrong.push(`${file}: ${text} (${form}, without ${label}): Rails takes it ${form === "positional" ? "positionally" : "as keywords"} only without ${(form === "positional" ? r.positional : r.keywords).join(", ")}`);
    }
  }
  return { wrong, shown, recalledAsked };
}
