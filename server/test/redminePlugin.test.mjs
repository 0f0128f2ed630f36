// Issue 28 §4, "one app is one app", on Debian's redmine (a real app): its sample plugin's
// routes file (`extra/sample_plugin`, and installed in `plugins/`) is a fragment Redmine
// evaluates inside its own `draw`, not an app: the server publishes no error for it, and the
// copy in extra/ (not installed) draws nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { startServer } from "./lspClient.mjs";

const REDMINE = "/usr/share/redmine";
const missing = !existsSync(join(REDMINE, "config/routes.rb"));
if (missing && process.env.CI === "true") throw new Error("redmine is not installed (apt-get install -y redmine), required under CI=true");

test("Debian's redmine with its sample plugin installed: one app, and no diagnostics on the plugin's routes files", { skip: missing && "redmine is not installed (apt-get install -y redmine)", timeout: 120_000 }, async () => {
  const root = join(scratchDir("routemap-redmine-"), "redmine");
  cpSync(REDMINE, root, { recursive: true, verbatimSymlinks: true });
  mkdirSync(join(root, "plugins"), { recursive: true });
  cpSync(join(root, "extra/sample_plugin"), join(root, "plugins/sample_plugin"), { recursive: true });
  const client = await startServer([root], {});
  try {
    const { apps } = await client.conn.sendRequest("routemap/routes", {});
    assert.deepEqual(apps.map((a) => a.root), [root]);
    assert.ok(apps[0].routes.length > 300);
    const plugins = ["extra/sample_plugin/config/routes.rb", "plugins/sample_plugin/config/routes.rb"].map((f) => pathToFileURL(join(root, f)).toString());
    for (const uri of plugins) {
      client.conn.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "ruby", version: 1, text: readFileSync(new URL(uri), "utf8") } });
    }
    // A request after the notifications: they have been handled, and what they publish is out.
    await client.conn.sendRequest("routemap/routes", {});
    await client.diagnosticsWhere(pathToFileURL(join(root, "config/routes.rb")).toString(), () => true);
    // No error of an app of its own ("undefined method `match' for main:Object").
    for (const uri of plugins) assert.deepEqual((client.diagnostics.get(uri) ?? []).filter((d) => d.severity === 1), [], uri);
    // The installed plugin's routes are the app's (Redmine evaluates them in its draw); the sample's copy in extra/ is no one's.
    const symbols = await client.conn.sendRequest("workspace/symbol", { query: "hello" });
    assert.ok(symbols.every((s) => !s.location.uri.includes("/extra/")), JSON.stringify(symbols.map((s) => s.location.uri)));
  } finally {
    await client.stop();
  }
});
