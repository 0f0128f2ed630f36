// The extension in a real VS Code: the VSIX from `npm run package`, unpacked, runs its mocha
// suite (client/test/vscode/suite) in the real extension host through @vscode/test-electron's
// `runTests` (runSuite.mjs, with launcher.mjs standing in for the `code` binary); and a UI test
// installs the VSIX with `--install-extension`, as users do, and drives the workbench in
// Chromium: open the routes file, see the squiggle and the Problems count, hover a declaration,
// read the hover. With UPDATE_SCREENSHOTS=1 its screenshots replace client/media/screenshots
// (shown by the marketplace README).
// Skipped, and said so, without Chromium; under CI=true that is a failure.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CHROMIUM, CHROMIUM_ARGS, install, installVsix, serve } from "./vscode/realVsCode.mjs";
import { runSuite, sampleWorkspace, unpackVsix } from "./vscode/runSuite.mjs";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const available = existsSync(CHROMIUM);
const skip = !available && process.env.CI !== "true" && "Chromium is not installed (apt-get install -y chromium)";
const work = scratchDir("routemap-vscode-");
const dirs = { extensionsDir: join(work, "extensions"), serverDataDir: join(work, "server"), userDataDir: join(work, "user") };
// The README's screenshots are rewritten only on request; otherwise they go to the scratch directory.
const screenshots = process.env.UPDATE_SCREENSHOTS === "1" ? join(repo, "client/media/screenshots") : join(work, "screenshots");
let server;
let browser;
let packaged;

before(async () => {
  if (skip) return;
  assert.ok(available, "Chromium is required under CI=true (apt-get install -y chromium)");
  const p = install(repo, (m) => console.log(`vscode: ${m}`));
  execFileSync("npm", ["run", "package", "--silent"], { cwd: repo, stdio: "pipe" });
  packaged = unpackVsix(work);
  assert.match(installVsix(p, packaged.vsix, dirs.extensionsDir, dirs.serverDataDir), /was successfully installed/);
  // A user's workbench, not a harness's: no Welcome tab, no tips, and the folder trusted (the
  // suite above checks Restricted Mode), so the screenshots show Routemap and nothing else.
  mkdirSync(join(dirs.userDataDir, "User"), { recursive: true });
  const settings = { "workbench.startupEditor": "none", "workbench.tips.enabled": false, "security.workspace.trust.enabled": false, "editor.minimap.enabled": false };
  writeFileSync(join(dirs.userDataDir, "User/settings.json"), JSON.stringify(settings, null, 2));
  server = await serve(p, dirs);
  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh copy of the sample app, optionally with a line added to its routes file. */
function workspace(name, extraRoutesLine) {
  const dir = sampleWorkspace(work, name);
  if (extraRoutesLine) {
    const file = join(dir, "config/routes.rb");
    writeFileSync(file, readFileSync(file, "utf8").replace('  root "storefront#index"\n', `  root "storefront#index"\n${extraRoutesLine}\n`));
  }
  return dir;
}

test("the packaged extension passes its suite in VS Code's extension host, run by @vscode/test-electron", { skip, timeout: 300_000 }, async () => {
  const suiteWork = join(work, "suite");
  mkdirSync(suiteWork, { recursive: true });
  // runTests resolves with 0 when the suite passes, and rejects with its exit code otherwise.
  assert.equal(await runSuite({ extensionPath: packaged.extensionPath, folder: workspace("suite-app"), work: suiteWork }), 0);
});

/** Moves the mouse onto the first token `text` on the line holding `line`, and waits for a hover matching `expected`. */
async function hoverOn(page, line, text, expected) {
  const row = page.locator(`.monaco-editor .view-line:has-text(${JSON.stringify(line)})`).first();
  const token = row.locator(`span:text-is(${JSON.stringify(text)})`).first();
  const box = (await token.boundingBox()) ?? (await row.boundingBox());
  // VS Code asks for a hover when the mouse moves and comes to rest; a move that lands while
  // the previous hover is still going away can be dropped, so the mouse is nudged as a user
  // would nudge it, up to three times.
  let failure;
  for (const nudge of [0, 3, -3]) {
    await page.mouse.move(box.x + Math.min(box.width / 2, 12) + nudge, box.y + box.height / 2);
    try {
      await page.waitForFunction((source) => new RegExp(source).test(document.querySelector(".monaco-hover")?.textContent ?? ""), expected.source, { timeout: 10_000 });
      return (await page.locator(".monaco-hover").first().textContent()) ?? "";
    } catch (e) {
      failure = e;
    }
  }
  const shown = await page.locator(".monaco-hover").first().textContent().catch(() => null);
  throw new Error(`${failure.message}; hover text: ${JSON.stringify(shown)}`);
}

test("a user opens the routes file, sees the error and the Problems count, and hovers a declaration", { skip, timeout: 180_000 }, async () => {
  const folder = workspace("ui", "  member { get :oops }");
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`);
  await page.waitForSelector(".monaco-workbench .part.statusbar", { timeout: 60_000 });
  // The installed extension announces the table in the status bar.
  await page.waitForSelector('.statusbar-item:has-text("routes")', { timeout: 60_000 });
  // Close the chat side bar, which code-server opens by default, for a cleaner picture.
  const chat = page.locator('.part.auxiliarybar .action-label[aria-label*="Hide"], .part.auxiliarybar .codicon-close').first();
  if (await chat.count()) await chat.click().catch(() => undefined);

  await page.keyboard.press("Control+P");
  await page.waitForSelector(".quick-input-widget input");
  await page.keyboard.type("config/routes.rb");
  await page.waitForSelector('.quick-input-list .monaco-list-row:has-text("routes.rb")');
  await page.keyboard.press("Enter");
  await page.waitForSelector(".monaco-editor .view-lines");
  // The editor alone, wide enough for the hover's table of routes.
  await page.keyboard.press("Control+B");

  const squiggle = await page.waitForSelector(".monaco-editor .squiggly-error", { timeout: 60_000 });
  assert.ok(squiggle);
  const problems = await page.waitForSelector('[id="status.problems"]');
  const problemsLabel = (await problems.getAttribute("aria-label")) ?? (await problems.textContent());
  assert.match(problemsLabel, /1 Error|Errors: 1|^\s*1\b/);
  // The message, as the user reads it: hovering the squiggle.
  assert.match(await hoverOn(page, "get :oops", "member", /can't use member outside resource\(s\) scope/), /routemap/);
  mkdirSync(screenshots, { recursive: true });
  // The pictures show the part that matters (and stay small, for the VSIX that carries them).
  const top = { x: 0, y: 0, width: 1600, height: 560 };
  await page.screenshot({ path: join(screenshots, "diagnostics.png"), clip: top });

  await page.mouse.move(5, 5);
  await page.keyboard.press("Escape");
  const hover = await hoverOn(page, "resources :products", ":products", /products_path/);
  assert.match(hover, /Controller#Action/);
  await page.screenshot({ path: join(screenshots, "hover.png"), clip: top });

  // The Routes view in the Explorer, filtered the way a user would.
  await page.mouse.move(5, 5);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+B");
  // A side bar wide enough for the routes' paths: its edge dragged to the right.
  const sidebar = await page.locator(".part.sidebar").boundingBox();
  await page.mouse.move(sidebar.x + sidebar.width + 1, sidebar.y + 300);
  await page.mouse.down();
  await page.mouse.move(sidebar.x + 560, sidebar.y + 300, { steps: 5 });
  await page.mouse.up();
  await page.click('.pane-header:has-text("Routes")');
  await page.click('.pane-header[aria-label*="Explorer Section: ui"]').catch(() => undefined);
  const group = await page.waitForSelector('.monaco-list-row:has-text("products")', { timeout: 30_000 });
  await group.click();
  await page.waitForSelector('.monaco-list-row:has-text("GET /products/:id(.:format)")', { timeout: 30_000 });
  await page.screenshot({ path: join(screenshots, "explorer.png"), clip: { x: 0, y: 0, width: 1200, height: 760 } });
  await page.close();
});
