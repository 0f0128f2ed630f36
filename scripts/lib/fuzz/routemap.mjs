// The Routemap side of the comparison: the mapper in process (shared-mapper/dist), its
// answer in the oracle's shape (the sheet, each route's source line, the first error), plus
// the diagnostics that say where Routemap knew it could not follow.
import { basename } from "node:path";
import { formatSheet } from "../../../shared-mapper/dist/index.js";
import { createNodeMapper } from "../../../shared-mapper/dist/node.js";

export async function createRoutemap() {
  const mapper = await createNodeMapper();
  /** Routemap's answer for one routes file given as text. */
  return function draw(file, text, { railsEnv = "development", vars = {} } = {}) {
    let result;
    try {
      result = mapper.map({
        entry: file,
        files: new Map([[file, text]]),
        options: { railsVersion: "6.1", rubyVersion: "3.1", railsEnv, env: vars, gems: { actionpack: "6.1" } },
      });
    } catch (e) {
      return { crash: `${e?.stack ?? e}` };
    }
    const name = basename(file);
    const where = (span) => (span.file === file ? name : span.file);
    const firstError = result.diagnostics.find((d) => d.severity === "error");
    return {
      sheet: formatSheet(result.routes, { railsVersion: "6.1", width: 80, engines: result.engines }),
      routes: result.routes.filter((r) => !r.internal).map((r) => ({ ...r.toJSON(), file: where(r.source), line: r.source.start.line + 1 })),
      error: firstError && { file: where(firstError.span), line: firstError.span.start.line + 1, message: firstError.message, code: firstError.code },
      notes: result.diagnostics
        .filter((d) => d.severity !== "error")
        .map((d) => ({ severity: d.severity, code: d.code, line: d.span.start.line + 1, message: d.message })),
    };
  };
}
