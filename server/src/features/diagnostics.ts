/**
 * Diagnostics of an app, per file (drawn files included), with related information where it
 * helps: a duplicate route name points at the route that took the name first.
 */
import type { MapResult } from "@routemap/shared-mapper";
import type { Diagnostic } from "vscode-languageserver/node";
import { toLocation, toRange, toSeverity } from "../convert.js";

export function diagnosticsByFile(result: MapResult, files: string[]): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>(files.map((f) => [f, []]));
  for (const d of result.diagnostics) {
    const diagnostic: Diagnostic = {
      range: toRange(d.span),
      severity: toSeverity(d.severity),
      message: d.message,
      source: "routemap",
      code: d.code,
    };
    const taken = /^Invalid route name, already in use: '([^']+)'/.exec(d.message)?.[1];
    const first = taken && result.routes.find((r) => r.name === taken);
    if (first) diagnostic.relatedInformation = [{ location: toLocation(first.source), message: `'${taken}' is first defined here` }];
    if (!out.has(d.span.file)) out.set(d.span.file, []);
    out.get(d.span.file)!.push(diagnostic);
  }
  return out;
}
