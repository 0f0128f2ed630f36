/**
 * `routemap check`: every diagnostic Routemap has for an app, for CI. The routes files' (Rails'
 * errors, unknown values), the routes checked against the controllers (missing actions), and
 * the actions no route reaches (hints), and the URL helper calls no route or method defines.
 * Printed as `FILE:LINE:COL: severity: message`, as JSON,
 * or as GitHub Actions annotations; the exit status is 1 when one is an error.
 */
import { relative, resolve } from "node:path";
import { missingControllerDiagnostics, routeActionDiagnostics, unreachedActions, type Diagnostic } from "@routemap/shared-mapper";
import { createNodeMapper } from "@routemap/shared-mapper/node";
import { nodeFileSystem } from "../fileSystem.js";
import { appRoot, findEngines, readControllerInputs } from "./appConfig.js";
import { commandAppGems } from "./appGems.js";
import { argsOrExit } from "./args.js";
import { formatDiagnostic, positionJson, readInput, type Io } from "./routes.js";
import { checkedFiles, DefinedNames, helperScope, otherControllerPaths, otherTemplates, readInstalledGems } from "./helperCheck.js";
import { generationOf, helperCallDiagnostics, uncheckedBecause } from "../features/helperCalls.js";
import { appHelperTables } from "../features/helpers.js";

export const CHECK_USAGE = `Usage: routemap check [APP] [--format text|json|github] [--rails VERSION] [--ruby VERSION] [--env NAME]

Checks a Rails app without running it: its routes files as Rails would draw them, and each
route against the app's controllers (an action neither defined nor rendered from a template),
and lists the controller actions no route reaches.

  APP                the app's directory (default: the current one)
  --format FORMAT    text (FILE:LINE:COL: severity: message, the default), json, or github
                     (GitHub Actions annotations)
  --rails, --ruby, --env   as for \`routemap routes\`

The exit status is 1 when a diagnostic is an error, 2 on a usage error, else 0.
`;

type Finding = Diagnostic | (Omit<Diagnostic, "severity"> & { severity: "hint" });

export async function checkCommand(argv: string[], io: Io): Promise<number> {
  const format = takeFormat(argv);
  if (format === undefined) {
    io.err("routemap: --format takes text, json or github\nRun `routemap check --help` for the options.\n");
    return 2;
  }
  const args = argsOrExit(argv, CHECK_USAGE, "check", io);
  if (typeof args === "number") return args;
  const dir = args.file === "config/routes.rb" ? "." : args.file;
  const input = readInput({ ...args, file: resolve(dir, "config", "routes.rb") });
  if (typeof input === "string") {
    io.err(`routemap: ${input}\n`);
    return 2;
  }
  const mapper = await createNodeMapper();
  const result = mapper.map(input);
  const root = appRoot(input.entry);
  const { files, views: own } = readControllerInputs(root, nodeFileSystem);
  const appGems = commandAppGems(root, { rubyVersion: input.options?.rubyVersion });
  const gems = readInstalledGems(appGems);
  const cached = appGems?.cacheStats();
  if (process.env.ROUTEMAP_TIMINGS === "1") io.err(`routemap: gems: ${appGems?.installed.size ?? 0} installed, ${appGems?.missing.length ?? 0} missing; cache ${cached ? `${cached.used} used, ${cached.made} made${cached.failed ? `, ${cached.failed} not written` : ""}` : "off"}\n`);
  const engineRoots = findEngines(root).map((e) => e.root);
  const views = [...own, ...otherTemplates(nodeFileSystem, engineRoots, gems)];
  const model = mapper.controllers({ files, views, root, read: (p) => nodeFileSystem.readFile(p), gems: input.options?.gems, inflections: result.inflections });
  const provided = "why" in gems ? undefined : new Set([...gems.controllers, ...otherControllerPaths(root, nodeFileSystem, engineRoots)]);
  const findings: Finding[] = [
    ...result.diagnostics,
    ...routeActionDiagnostics(result, model),
    ...(provided ? missingControllerDiagnostics(result, model, provided) : []),
    ...unreachedActions(result, model).map((u) => ({ severity: "hint" as const, code: "unreached-action", span: u.span, message: `No route reaches ${u.controller}#${u.action}` })),
  ];
  const display = (file: string) => relative(process.cwd(), file) || file;
  // URL helper calls in views, controllers, helpers, mailers and tests.
  const why = uncheckedBecause(result, "why" in gems ? gems : gems.helpers);
  if (why || "why" in gems) io.err(`routemap: URL helper calls${"why" in gems ? " and controllers outside the app" : ""} not checked: ${why}\n`);
  else {
    const names = new DefinedNames(root, engineRoots, nodeFileSystem, (p) => nodeFileSystem.readFile(p), (path, text) => mapper.urlOptions(path, text));
    const generation = generationOf(names, () => model, { root, rubyVersion: input.options?.rubyVersion, read: (p) => nodeFileSystem.readFile(p), table: () => result, gemUrlOptions: gems.urlOptions });
    const context = { tables: appHelperTables(result), defined: names.all(), gems: gems.helpers, generation };
    for (const file of checkedFiles(root, nodeFileSystem)) {
      const text = nodeFileSystem.readFile(file);
      // One at a time: a spread passes one argument per diagnostic, past V8's limit in a hostile view.
      if (text !== undefined) for (const d of helperCallDiagnostics(mapper, context, file, text, helperScope(root, file))) findings.push(d);
    }
  }
  io.out(render(findings, format, display));
  return findings.some((d) => d.severity === "error") ? 1 : 0;
}

/** Removes `--format X` from the arguments; undefined when its value is not one of the formats. */
function takeFormat(argv: string[]): "text" | "json" | "github" | undefined {
  const at = argv.findIndex((a) => a === "--format" || a.startsWith("--format="));
  if (at < 0) return "text";
  const value = argv[at].includes("=") ? argv[at].split("=")[1] : argv[at + 1];
  argv.splice(at, argv[at].includes("=") ? 1 : 2);
  return value === "text" || value === "json" || value === "github" ? value : undefined;
}

function render(findings: Finding[], format: "text" | "json" | "github", display: (f: string) => string): string {
  if (format === "json") {
    const rows = findings.map((d) => ({ ...positionJson(d.span, display), severity: d.severity, code: d.code, message: d.message }));
    return JSON.stringify(rows, null, 2) + "\n";
  }
  if (format === "github") return findings.map((d) => annotation(d, display)).join("");
  return findings.map((d) => formatDiagnostic(d as Diagnostic, display)).join("");
}

/** A GitHub Actions workflow command: `::warning file=…,line=…,col=…,title=…::message`. */
function annotation(d: Finding, display: (f: string) => string): string {
  const kind = d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "notice";
  const escape = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const property = (s: string) => escape(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
  const { start, end } = d.span;
  return `::${kind} file=${property(display(d.span.file))},line=${start.line + 1},col=${start.character + 1},endLine=${end.line + 1},endColumn=${end.character + 1},title=${property(`routemap ${d.code}`)}::${escape(d.message.replace(/\n+$/, ""))}\n`;
}
