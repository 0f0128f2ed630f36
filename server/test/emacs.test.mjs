// A real editor: headless Emacs with eglot (Debian 12's Emacs 28.2 and elpa-eglot, or Emacs 29+,
// where eglot is built in) runs the README's eglot snippet, then test-fixtures/emacs/session.el
// against `routemap lsp --stdio` (the built command, first on the PATH) on a copy of the sample
// app. Skipped, and said so, when Emacs or eglot is not installed; under CI=true that is a failure.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const hasEglot = spawnSync("emacs", ["--batch", "--eval", "(require 'eglot)"], { stdio: "ignore" }).status === 0;
const skip = !hasEglot && process.env.CI !== "true" && "Emacs with eglot is not installed (apt-get install -y emacs-nox elpa-eglot)";

test("the README's eglot snippet, in Emacs: diagnostics, hover, definition and completion, and no warning about capabilities", { skip, timeout: 120_000 }, () => {
  assert.ok(hasEglot, "Emacs with eglot is required under CI=true (apt-get install -y emacs-nox elpa-eglot)");
  const work = scratchDir("routemap-emacs-");
  const app = join(work, "app");
  cpSync(join(repo, "test-fixtures/sample-app"), app, { recursive: true });
  // An app is a git checkout: eglot's project is then the app, as in a user's.
  spawnSync("git", ["init", "-q", app]);
  const bin = join(work, "bin");
  mkdirSync(bin);
  writeFileSync(join(bin, "routemap"), `#!/bin/sh\nexec "${process.execPath}" "${join(repo, "server/bin/routemap.cjs")}" "$@"\n`);
  chmodSync(join(bin, "routemap"), 0o755);
  const readme = readFileSync(join(repo, "README.md"), "utf8");
  const snippet = /<!-- emacs:[^>]*-->\n```elisp\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(snippet, "the README marks its eglot snippet");
  writeFileSync(join(work, "init.el"), snippet);
  const emacs = spawnSync("emacs", ["--batch", "-l", join(work, "init.el"), "-l", join(repo, "test-fixtures/emacs/session.el")], {
    cwd: app,
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, ROUTEMAP_APP: app, HOME: work },
    encoding: "utf8",
    timeout: 100_000,
  });
  assert.equal(emacs.status, 0, `emacs: ${emacs.stdout}\n${emacs.stderr}`);
  const said = (what) => emacs.stdout.split("\n").filter((l) => l.startsWith(`${what}: `)).map((l) => l.slice(what.length + 2));
  assert.deepEqual(said("managed"), ["t"]);
  assert.deepEqual(said("diagnostic"), ["eglot-warning routemap [missing-action]: OrdersController has no action `cancel` and no template orders/cancel"]);
  assert.deepEqual(said("controller managed"), ["t"], "eglot manages the app's other Ruby files");
  assert.deepEqual(said("hover"), ["**admin_product_path**(id)"]);
  assert.deepEqual(said("definition"), ["config/routes/admin.rb:5: resources :products do"]);
  assert.deepEqual(said("completion")[0].split(" ").map((c) => c.replace(/\(.*/, "")), ["edit_admin_product_path", "edit_admin_product_url"]);
  // eglot warns of a capability registered that it does not support (as Routemap once did with didChangeConfiguration).
  assert.deepEqual(said("warnings"), ["none"]);
});
