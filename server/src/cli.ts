/**
 * The `routemap` command. `routemap routes` prints the route table of a Rails app the way
 * `bin/rails routes` does, without running Ruby; `routemap lsp --stdio` is the language server.
 */
import { isMainThread } from "node:worker_threads";
import { ROUTES_USAGE, routesCommand, type Io } from "./cli/routes.js";
import { CHECK_USAGE, checkCommand } from "./cli/check.js";

/** Set by the bundler from server/package.json; the unbundled build says so instead. */
declare const ROUTEMAP_VERSION: string | undefined;
const VERSION = typeof ROUTEMAP_VERSION === "string" ? ROUTEMAP_VERSION : "0.0.0-unbundled";

const USAGE = `Usage: routemap routes [APP | FILE] [options]   print the routes as bin/rails routes does
       routemap check [APP | FILE] [options]    every problem of the app, for CI
       routemap lsp --stdio                     the language server, for any LSP editor
       routemap --version

APP is the app's folder, or any folder in it; by default, the app the current folder is in.
\`routemap routes --help\` and \`routemap check --help\` list their options.
`;

const LSP_USAGE = `Usage: routemap lsp [--stdio]

Runs the Routemap language server on stdin and stdout (the only transport; --stdio may be
given, as editors do). It finds every config/routes.rb in the workspace folders the editor
sends and serves diagnostics, hover, completion, definition, references and symbols.
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const io: Io = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) };
  if (command !== "lsp") quietWhenReaderLeaves();
  if (command === "routes") return routesCommand(rest, io);
  if (command === "check") return checkCommand(rest, io);
  if (command === "lsp") return lspCommand(rest, io);
  if (command === "--version" || command === "-v" || command === "version") {
    io.out(`routemap ${VERSION}\n`);
    return 0;
  }
  if (command === "--help" || command === "-h" || command === "help") {
    io.out(rest[0] === "routes" ? ROUTES_USAGE : rest[0] === "check" ? CHECK_USAGE : rest[0] === "lsp" ? LSP_USAGE : USAGE);
    return 0;
  }
  io.err(command ? `routemap: unknown command ${command}\n\n${USAGE}` : USAGE);
  return 2;
}

/**
 * `routemap routes | head`: once the reader has what it wants and closes the pipe, the rest of
 * the output has nowhere to go. Node would throw EPIPE with a stack trace; the command stops
 * quietly instead, as `git log | head` does.
 */
function quietWhenReaderLeaves(): void {
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE") throw e;
    process.exit(0);
  });
}

async function lspCommand(args: string[], io: Io): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    io.out(LSP_USAGE);
    return 0;
  }
  const unknown = args.find((a) => a !== "--stdio");
  if (unknown !== undefined) {
    io.err(`routemap: lsp: unsupported argument ${unknown}\n\n${LSP_USAGE}`);
    return 2;
  }
  // The language server speaks on stdin/stdout and runs until the client exits it. It is the
  // bundle editors run (`server.js`, which starts on load): `routes` never loads its protocol
  // libraries, a third of a cold run's loading.
  await import("./bundle.js");
  return new Promise<number>(() => undefined);
}

// A worker thread of `check` runs this bundle too, to read files' facts (cli/factsWorkers.ts): not the command.
if (isMainThread) main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`routemap: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 70;
  },
);
