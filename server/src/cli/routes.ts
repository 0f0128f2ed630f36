/**
 * `routemap routes`: prints what `bin/rails routes` prints for the selected Rails version,
 * diagnostics on stderr as `FILE:LINE:COL: severity: message`.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { formatExpanded, formatSheet, type Diagnostic, type Route } from "@routemap/shared-mapper";
import { createNodeMapper } from "@routemap/shared-mapper/node";
import { appOptions, readAppConfig, readRubyFiles } from "./appConfig.js";
import { parseArgs, type RoutesArgs } from "./args.js";

export async function routesCommand(argv: string[], io: { out: (s: string) => void; err: (s: string) => void }): Promise<number> {
  let args: RoutesArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    io.err(`routemap: ${(e as Error).message}\n`);
    return 2;
  }
  const entry = resolve(args.file);
  let text: string;
  try {
    text = readFileSync(entry, "utf8");
  } catch {
    io.err(`routemap: cannot read ${args.file}\n`);
    return 2;
  }
  const app = readAppConfig(entry);
  const files = new Map<string, string>([[entry, text]]);
  const drawDir = join(dirname(entry), "routes");
  readRubyFiles(drawDir, files);
  const options = appOptions(app, { railsVersion: args.rails, rubyVersion: args.ruby, railsEnv: args.env, apiOnly: args.apiOnly });
  const { railsVersion } = options;
  const mapper = await createNodeMapper();
  const result = mapper.map({ entry, files, options: { ...options, drawPaths: [drawDir] } });
  const display = (file: string) => relative(process.cwd(), file) || file;
  if (args.json) io.out(JSON.stringify(result.routes.filter((r) => !r.internal).map((r) => routeJson(r, display)), null, 2) + "\n");
  else {
    const sourceLocations = options.railsEnv === "development";
    const inspect = { railsVersion, controller: args.controller, grep: args.grep, width: columns(), sourceLocations, engines: result.engines };
    io.out(args.expanded ? formatExpanded(result.routes, inspect) : formatSheet(result.routes, inspect));
  }
  for (const d of result.diagnostics) io.err(formatDiagnostic(d, display));
  return result.diagnostics.some((d) => d.severity === "error") ? 1 : 0;
}

function columns(): number {
  const n = parseInt(process.env.COLUMNS ?? "", 10);
  return n > 0 ? n : 80;
}

export function formatDiagnostic(d: Diagnostic, display: (f: string) => string): string {
  const { line, character } = d.span.start;
  return `${display(d.span.file)}:${line + 1}:${character + 1}: ${d.severity}: ${d.message}\n`;
}

function routeJson(r: Route, display: (f: string) => string) {
  return {
    name: r.name,
    verb: r.verb,
    path: r.path,
    reqs: r.reqs,
    controller: r.controller,
    action: r.action,
    file: display(r.source.file),
    line: r.source.start.line + 1,
    column: r.source.start.character + 1,
    endLine: r.source.end.line + 1,
    endColumn: r.source.end.character + 1,
    verbs: r.verbs,
    endpoint: r.endpoint,
    helpers: r.helpers,
    requiredParts: r.requiredParts,
    optionalParts: r.optionalParts,
    parameters: r.parameters,
    defaults: r.defaults,
    requirements: r.requirements,
  };
}
