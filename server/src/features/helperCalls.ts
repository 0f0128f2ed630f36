/**
 * Checked URL helper calls: an error on `x_path` that no route, `direct` helper, method of the
 * app or of its gems defines, with did-you-mean. Nothing is said when the route table is not
 * complete (a DSL call or value Routemap could not evaluate may have drawn the route), nor
 * when the gems' helpers cannot be known.
 */
import { unknownHelperDiagnostics, type Diagnostic, type MapResult, type RouteMapper } from "@routemap/shared-mapper";
import { helperIndex, tableFor, type HelperTables } from "./helpers.js";

export interface HelperCheckContext {
  tables: HelperTables;
  /** Names the app's own code may define. */
  defined: ReadonlySet<string>;
  /** Names the gems may define, or why they cannot be known. */
  gems: ReadonlySet<string> | { why: string };
}

/** Why an app's helper calls cannot be checked, if they cannot. */
export function uncheckedBecause(result: MapResult, gems: HelperCheckContext["gems"]): string | undefined {
  const first = result.diagnostics[0];
  if (first) return `the route table is not complete (${first.span.file.slice(first.span.file.lastIndexOf("/") + 1)}:${first.span.start.line + 1}: ${first.message.split("\n")[0]})`;
  return "why" in gems ? gems.why : undefined;
}

export function helperCallDiagnostics(mapper: RouteMapper, context: HelperCheckContext, path: string, text: string): Diagnostic[] {
  const { tables, defined, gems } = context;
  if ("why" in gems) return [];
  const calls = mapper.helperCalls(path, text);
  return unknownHelperDiagnostics(
    calls,
    (name, receiver) => {
      if (defined.has(name) || gems.has(name)) return "known";
      const table = tableFor(tables, receiver);
      if (!table) return "unchecked";
      return helperIndex(table).has(name) ? "known" : "unknown";
    },
    (receiver) => {
      const table = tableFor(tables, receiver);
      return table ? [...helperIndex(table).keys()] : [];
    },
  );
}
