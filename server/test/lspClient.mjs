// A real LSP client connection to the bundled language server (server/dist/bundle/server.js)
// over stdio, for the protocol tests: it records published diagnostics and lets a test wait
// for the ones it expects, with no sleeps.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node";

const repo = new URL("../..", import.meta.url).pathname;

/**
 * Starts the server on workspace folders and initializes it; `settings` answers
 * `workspace/configuration`. Returns the connection, the diagnostics and their versions by
 * URI, `diagnosticsWhere(uri, predicate)`, the documents the server asked to show (`shown`),
 * the capabilities it registered (`registrations`), and `stop()` (shutdown, exit, exit code 0).
 * `workspace` adds to the client's workspace capabilities, `textDocument` gives its text document ones,
 * `window` adds to its window ones (`workDoneProgress`: the progress the server starts is
 * recorded in `progress`, each `$/progress` value in order); `capabilities` are the server's.
 */
export async function startServer(folders, settings = {}, { initializationOptions, workspace = {}, textDocument, window = {}, env } = {}) {
  // `env`: the server process's environment (`ENV` as the app's routes and views read it), else this process's.
  const child = spawn(process.execPath, [join(repo, "server/dist/bundle/server.js"), "--stdio"], { stdio: ["pipe", "pipe", "pipe"], ...(env ? { env } : {}) });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const diagnostics = new Map();
  const versions = new Map();
  const waiters = [];
  conn.onNotification("textDocument/publishDiagnostics", ({ uri, diagnostics: list, version }) => {
    diagnostics.set(uri, list);
    versions.set(uri, version);
    for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i]()) waiters.splice(i, 1);
  });
  conn.onRequest("workspace/configuration", (p) => p.items.map(() => settings));
  const registrations = [];
  conn.onRequest("client/registerCapability", (p) => {
    registrations.push(...p.registrations);
    return null;
  });
  const progress = [];
  conn.onRequest("window/workDoneProgress/create", () => null);
  conn.onNotification("$/progress", (p) => progress.push(p.value));
  const shown = [];
  conn.onRequest("window/showDocument", (p) => {
    shown.push(p);
    return { success: true };
  });
  conn.listen();
  const uris = folders.map((f) => pathToFileURL(f).toString());
  const result = await conn.sendRequest("initialize", {
    processId: process.pid,
    rootUri: uris[0],
    workspaceFolders: uris.map((uri, i) => ({ uri, name: `folder${i}` })),
    initializationOptions,
    capabilities: {
      workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true }, workspaceFolders: true, ...workspace },
      window: { showDocument: { support: true }, ...window },
      ...(textDocument ? { textDocument } : {}),
    },
  });
  assert.equal(result.serverInfo.name, "routemap");
  conn.sendNotification("initialized", {});

  /** Resolves when the diagnostics published for `fileUri` satisfy `predicate`. */
  const diagnosticsWhere = (fileUri, predicate) =>
    new Promise((resolve) => {
      const check = () => {
        const current = diagnostics.get(fileUri);
        if (current && predicate(current)) {
          resolve(current);
          return true;
        }
        return false;
      };
      if (!check()) waiters.push(check);
    });

  const stop = async () => {
    await conn.sendRequest("shutdown");
    const exited = new Promise((resolve) => child.once("exit", resolve));
    conn.sendNotification("exit");
    assert.equal(await exited, 0);
  };
  // The server's process: its id (resident memory in /proc), and its exit code once it ended (null before).
  const exitCode = () => child.exitCode;
  return { conn, diagnostics, versions, diagnosticsWhere, stop, shown, registrations, progress, pid: child.pid, exitCode, capabilities: result.capabilities };
}
