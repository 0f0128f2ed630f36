/** Command-line options of `routemap routes` and `routemap check`, parsed by hand to stay dependency-free. */
import { railsSeries, SUPPORTED_RAILS_VERSIONS } from "@routemap/shared-mapper";

export interface RoutesArgs {
  /** The app's folder or a routes file, as given; unset: the app the working directory is in. */
  target?: string;
  expanded: boolean;
  json: boolean;
  help: boolean;
  /** `--quiet`: no information diagnostics (nor `check`'s hints); warnings and errors stay. */
  quiet: boolean;
  /** `--unused`: the routes no controller action or template serves (Rails 7.1's). */
  unused?: boolean;
  controller?: string;
  grep?: string;
  rails?: string;
  ruby?: string;
  env?: string;
  apiOnly?: boolean;
}

/** A mistake on the command line: reported with the usage, exit status 2. */
export class UsageError extends Error {}

const VALUE_OPTIONS: Record<string, keyof RoutesArgs> = {
  "-c": "controller",
  "--controller": "controller",
  "-g": "grep",
  "--grep": "grep",
  "--rails": "rails",
  "--ruby": "ruby",
  "--env": "env",
  "-e": "env",
};

export function parseArgs(argv: string[]): RoutesArgs {
  const args: RoutesArgs = { expanded: false, json: false, help: false, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i];
    const eq = raw.startsWith("--") ? raw.indexOf("=") : -1;
    const flag = eq > 0 ? raw.slice(0, eq) : raw;
    if (flag === "--expanded" || flag === "-E") args.expanded = true;
    else if (flag === "--json") args.json = true;
    else if (flag === "--unused" || flag === "-u") args.unused = true;
    else if (flag === "--api-only") args.apiOnly = true;
    else if (flag === "--quiet" || flag === "-q") args.quiet = true;
    else if (flag === "--help" || flag === "-h") args.help = true;
    else if (flag in VALUE_OPTIONS) {
      const value = eq > 0 ? raw.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new UsageError(`${flag} needs a value`);
      (args as unknown as Record<string, string>)[VALUE_OPTIONS[flag]] = value;
    } else if (flag.startsWith("-")) throw new UsageError(`unknown option ${flag}`);
    else if (args.target === undefined) args.target = raw;
    else throw new UsageError(`unexpected argument ${raw}`);
  }
  if (args.rails !== undefined && !railsSeries(args.rails)) {
    throw new UsageError(`unsupported Rails version ${JSON.stringify(args.rails)}: --rails takes one of ${SUPPORTED_RAILS_VERSIONS.join(", ")}`);
  }
  if (args.ruby !== undefined && !/^\d+\.\d+(?:\.\d+)?$/.test(args.ruby)) {
    throw new UsageError(`invalid Ruby version ${JSON.stringify(args.ruby)}: --ruby takes a version such as 3.3 or 3.4.1`);
  }
  return args;
}

/** The options of a command, or the exit status of a usage error (reported) or of `--help` (usage printed). */
export function argsOrExit(argv: string[], usage: string, command: string, io: { out(s: string): void; err(s: string): void }): RoutesArgs | number {
  let args: RoutesArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`routemap: ${e.message}\nRun \`routemap ${command} --help\` for the options.\n`);
    return 2;
  }
  if (args.help) {
    io.out(usage);
    return 0;
  }
  return args;
}
