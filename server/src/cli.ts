/**
 * The `routemap` command. `routemap routes` prints the route table of a Rails app the way
 * `bin/rails routes` does, without running Ruby.
 */
import { routesCommand } from "./cli/routes.js";

const USAGE = `Usage: routemap routes [FILE] [--expanded] [--json] [-c CONTROLLER] [-g PATTERN]
                      [--rails VERSION] [--ruby VERSION] [--env NAME] [--api-only]
       routemap lsp --stdio

FILE defaults to config/routes.rb; files drawn with \`draw\` are read from the routes/
directory beside it. --rails defaults to the app's Gemfile.lock (else 8.1), --ruby to
.ruby-version or the lockfile (else 3.4).
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const io = { out: (s: string) => process.stdout.write(s), err: (s: string) => process.stderr.write(s) };
  if (command === "routes") return routesCommand(rest, io);
  if (command === "lsp") {
    // The language server speaks on stdin/stdout and runs until the client exits it.
    const { runLanguageServer } = await import("./main.js");
    await runLanguageServer();
    return new Promise<number>(() => undefined);
  }
  if (command === "--help" || command === "-h" || command === "help") {
    io.out(USAGE);
    return 0;
  }
  io.err(command ? `routemap: unknown command ${command}\n\n${USAGE}` : USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`routemap: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 70;
  },
);
