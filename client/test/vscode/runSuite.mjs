// The packaged extension's mocha suite (suite/), run by @vscode/test-electron's `runTests`:
// here with `launcher.mjs` as the VS Code executable (code-server's workbench in Chromium),
// or, with `--desktop`, with the desktop VS Code runTests downloads (where it can; it needs
// a display). Both paths run the same suite on the same unpacked VSIX.
//
//   node client/test/vscode/runSuite.mjs [--desktop]
//
// The VSIX must have been packaged (`npm run package`); its download cache, and code-server's,
// live in `.vscode-test/` at the root of the checkout (git-ignored).
import { runTests } from "@vscode/test-electron";
import { cpSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";

const repo = new URL("../../..", import.meta.url).pathname;
export const LAUNCHER = join(repo, "client/test/vscode/launcher.mjs");

/** The packaged VSIX, unzipped into `work`: the extension as users install it. */
export function unpackVsix(work) {
  const { version } = JSON.parse(readFileSync(join(repo, "client/package.json"), "utf8"));
  const vsix = join(repo, "client", `routemap-${version}.vsix`);
  const unpacked = join(work, "unpacked");
  mkdirSync(unpacked, { recursive: true });
  execFileSync("unzip", ["-q", "-o", vsix, "-d", unpacked]);
  return { vsix, extensionPath: join(unpacked, "extension") };
}

/** A fresh copy of the sample app to open as the workspace. */
export function sampleWorkspace(work, name) {
  const dir = join(work, name);
  cpSync(join(repo, "test-fixtures/sample-app"), dir, { recursive: true });
  return dir;
}

/**
 * Runs the suite in a real VS Code; resolves when it passes, rejects with runTests' error
 * (`Test run failed with code N`) when it does not. The profile (user data, extensions) is
 * kept under `work`.
 */
export function runSuite({ extensionPath, folder, work, desktop = false }) {
  return runTests({
    ...(desktop ? { cachePath: join(repo, ".vscode-test") } : { vscodeExecutablePath: LAUNCHER }),
    extensionDevelopmentPath: extensionPath,
    extensionTestsPath: join(repo, "client/test/vscode/suite/index.js"),
    launchArgs: [folder, `--extensions-dir=${join(work, "profile/extensions")}`, `--user-data-dir=${join(work, "profile/user")}`],
    // runTests gives desktop VS Code --disable-workspace-trust; the served workbench opens
    // the folder in Restricted Mode, which the suite then checks the extension runs in.
    extensionTestsEnv: desktop ? {} : { ROUTEMAP_RESTRICTED_MODE: "1" },
  });
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const { scratchDir } = await import("../../../test-fixtures/lib/scratch.mjs");
  const work = scratchDir("routemap-vscode-suite-");
  if (!existsSync(join(repo, "client/dist/extension.js"))) throw new Error("run `npm run package` first");
  const { extensionPath } = unpackVsix(work);
  await runSuite({ extensionPath, folder: sampleWorkspace(work, "app"), work, desktop: process.argv.includes("--desktop") });
}
