// The injection grammars in syntaxes/, tokenized headlessly with vscode-textmate and
// vscode-oniguruma over Ruby's own grammar: each token of the fixture that gets a Rails
// routes scope is listed as `line:column text scope`, compared with the expected file
// (UPDATE_EXPECT=1 rewrites it), and a few scopes are asserted outright.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import vsctm from "vscode-textmate";
import oniguruma from "vscode-oniguruma";

const require = createRequire(import.meta.url);
const repo = new URL("../..", import.meta.url).pathname;
const grammars = {
  "source.ruby": JSON.parse(readFileSync(require.resolve("tm-grammars/grammars/ruby.json"), "utf8")),
  "source.ruby.rails-routes": JSON.parse(readFileSync(join(repo, "syntaxes/rails-routes.tmLanguage.json"), "utf8")),
  "source.ruby.rails-routes.strings": JSON.parse(readFileSync(join(repo, "syntaxes/rails-routes-strings.tmLanguage.json"), "utf8")),
};

async function rubyGrammar() {
  const wasm = readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p) => new oniguruma.OnigScanner(p), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async (scope) => grammars[scope] ?? null,
    getInjections: (scope) => (scope === "source.ruby" ? ["source.ruby.rails-routes", "source.ruby.rails-routes.strings"] : undefined),
  });
  return registry.loadGrammar("source.ruby");
}

function tokenize(grammar, text) {
  const out = [];
  let stack = vsctm.INITIAL;
  text.split("\n").forEach((line, i) => {
    const result = grammar.tokenizeLine(line, stack);
    for (const token of result.tokens) {
      const scope = token.scopes.find((s) => s.includes("rails-routes"));
      if (scope) out.push({ line: i + 1, column: token.startIndex + 1, text: line.slice(token.startIndex, token.endIndex), scope, scopes: token.scopes });
    }
    stack = result.ruleStack;
  });
  return out;
}

test("routes DSL tokens get their scopes", async () => {
  const grammar = await rubyGrammar();
  const tokens = tokenize(grammar, readFileSync(join(repo, "test-fixtures/grammar/routes.rb"), "utf8"));
  const actual = tokens.map((t) => `${t.line}:${t.column} ${t.text} ${t.scope}`).join("\n") + "\n";
  const expectedPath = join(repo, "test-fixtures/grammar/routes.rb.scopes");
  if (process.env.UPDATE_EXPECT === "1" || (!existsSync(expectedPath) && process.env.CI !== "true")) writeFileSync(expectedPath, actual);
  assert.equal(actual, readFileSync(expectedPath, "utf8"));

  const scopeOf = (line, text) => tokens.find((t) => t.line === line && t.text === text)?.scope;
  assert.equal(scopeOf(3, "resources"), "support.function.rails-routes.dsl");
  assert.equal(scopeOf(3, "only"), "variable.parameter.rails-routes.option");
  assert.equal(scopeOf(5, "post"), "support.function.rails-routes.verb");
  assert.equal(scopeOf(2, "pages"), "entity.name.type.class.rails-routes.controller");
  assert.equal(scopeOf(2, "home"), "entity.name.function.rails-routes.action");
  assert.equal(scopeOf(10, "id"), "variable.other.rails-routes.segment");
  assert.equal(scopeOf(10, "rest"), "variable.other.rails-routes.glob");
  assert.equal(scopeOf(12, "locale"), "variable.other.rails-routes.segment");
  assert.equal(tokens.some((t) => t.line === 15), false, "nothing is highlighted in a comment");
});

test("Ruby that only looks like the DSL is left alone", async () => {
  const grammar = await rubyGrammar();
  const tokens = tokenize(grammar, 'response = http.get(url)\nparams.get :x\ndef resources; end\nobject.match "x"\n@post = x\n');
  assert.deepEqual(tokens.map((t) => `${t.line}:${t.text}`), []);
});
