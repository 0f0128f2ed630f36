/**
 * The one place mapper data becomes LSP data: spans to ranges and locations, severities,
 * file paths to URIs and back. Positions are already 0-based UTF-16 in the mapper.
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Diagnostic as MapperDiagnostic, Span } from "@routemap/shared-mapper";
// Types only: `routemap routes` and `check` reach this module, and a value imported from
// vscode-languageserver would load its protocol libraries (and Node's net, child_process,
// crypto…) into the command's bundle, about 15–20 ms of a cold run.
import type { DiagnosticSeverity, Location, Range } from "vscode-languageserver/node";

/** LSP's `DiagnosticSeverity` values (fixed by the protocol), without loading its library. */
const SEVERITY = { Error: 1, Warning: 2, Information: 3 } as const satisfies Record<string, DiagnosticSeverity>;

export function toRange(span: Span): Range {
  return { start: { ...span.start }, end: { ...span.end } };
}

export function toUri(path: string): string {
  return pathToFileURL(path).toString();
}

/** A `file:` URI as a path; other schemes are not files we can read. */
export function toPath(uri: string): string | undefined {
  try {
    return uri.startsWith("file:") ? fileURLToPath(uri) : undefined;
  } catch {
    return undefined;
  }
}

export function toLocation(span: Span): Location {
  return { uri: toUri(span.file), range: toRange(span) };
}

export function toSeverity(severity: MapperDiagnostic["severity"]): DiagnosticSeverity {
  return severity === "error" ? SEVERITY.Error : severity === "warning" ? SEVERITY.Warning : SEVERITY.Information;
}

/** Whether a position is inside a span (the core's, for the features that import it from here). */
export { contains } from "@routemap/shared-mapper";
