#!/usr/bin/env node
// A VS Code executable for @vscode/test-electron's `runTests`, where no desktop VS Code can
// be downloaded: it takes the arguments runTests gives the `code` binary, serves the real
// workbench with code-server (realVsCode.mjs), opens it in Debian's Chromium with the same
// extension development and test paths, and exits with the suite's status, as `code` does.
//
// Arguments read: `--extensionDevelopmentPath=`, `--extensionTestsPath=`, `--extensions-dir=`,
// `--user-data-dir=` and the folder to open; the desktop-only flags runTests adds
// (`--no-sandbox`, `--disable-workspace-trust`...) have no meaning for a served workbench and
// are ignored, so the workspace opens in Restricted Mode as a user's untrusted one would.
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { format } from "node:util";
import { CHROMIUM, CHROMIUM_ARGS, install, serve } from "./realVsCode.mjs";

const repo = new URL("../../..", import.meta.url).pathname;

function parse(argv) {
  const out = { folder: undefined, extensionDevelopmentPath: [] };
  for (const arg of argv) {
    const m = /^--([\w-]+)=(.*)$/.exec(arg);
    if (m && m[1] === "extensionDevelopmentPath") out.extensionDevelopmentPath.push(resolve(m[2]));
    else if (m) out[m[1]] = m[2];
    else if (!arg.startsWith("-")) out.folder = resolve(arg);
  }
  return out;
}

async function main() {
  const args = parse(process.argv.slice(2));
  if (!args.extensionTestsPath || !args.folder || !args["user-data-dir"] || !args["extensions-dir"]) {
    console.error("launcher: needs --extensionTestsPath=, --user-data-dir=, --extensions-dir= and a folder, as runTests passes them");
    return 2;
  }
  const userDataDir = args["user-data-dir"];
  const dirs = { extensionsDir: args["extensions-dir"], userDataDir, serverDataDir: join(dirname(userDataDir), "server-data") };
  mkdirSync(dirs.serverDataDir, { recursive: true });
  const server = await serve(install(repo), dirs);
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    // The extension host runs in the server: paths are given as URIs of that remote.
    const remote = (path) => `vscode-remote://${new URL(server.url).host}${path}`;
    const payload = [
      ...args.extensionDevelopmentPath.map((p) => ["extensionDevelopmentPath", remote(p)]),
      ["extensionTestsPath", remote(resolve(args.extensionTestsPath))],
    ];
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const exit = new Promise((done) => page.exposeFunction("codeAutomationExit", (code) => done(code)));
    // The suite's own report (mocha's spec reporter) as it runs; everything the workbench
    // logged (offline, it complains of the marketplace and sign-in providers) only on failure.
    const logs = [];
    await page.exposeFunction("codeAutomationLog", (type, logArgs) => {
      const line = format(...logArgs);
      logs.push(`${type}: ${line}`);
      if (type !== "error" && /^\s*(✔|\d+\) |\d+ passing|\d+ failing|\d+ pending)|^ {2}\S/.test(line)) console.log(line);
    });
    // The workbench loads in seconds; on a machine other jobs keep busy it has taken over 30 (playwright's default).
    await page.goto(`${server.url}/?folder=${encodeURIComponent(args.folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`, { timeout: 180_000 });
    const code = await exit;
    if (code !== 0) console.log(`launcher: the suite failed; the workbench's log:\n${logs.join("\n")}`);
    return code;
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`launcher: ${e instanceof Error ? e.stack : e}`);
    process.exit(1);
  },
);
