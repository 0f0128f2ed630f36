// Rails' answer against Routemap's, as the golden test compares a fixture with its golden:
// with no error, the sheet and every route's source line; where Rails raised, the error
// (message, file and line) and the routes Rails drew before it, which must be the first of
// Routemap's (Routemap goes on past a failing declaration).

const sourceLine = (r) => `${r.verb || "*"} ${r.path} ${r.reqs} @ ${r.file}:${r.line}`;
const errorLine = (e) => e && `${e.file ?? "?"}:${e.line ?? "?"}: ${e.message}`;
const sheetText = (s) => s.replace(/\n$/, "");

/** Rails errors that mean the generator wrote something Ruby rejects: the file says nothing of Routemap. */
const INVALID = new Set(["SyntaxError"]);

/**
 * `{ status: "same" | "differs" | "skipped", kind, reason }`. `kind` names what differs:
 * crash, false-error (Routemap reports an error Rails does not raise), missed-error,
 * wrong-error, drawn-before-error, sheet, sources.
 */
export function compare(rails, ours) {
  if (rails.crash) return { status: "skipped", reason: `the oracle gave no answer: ${rails.crash}` };
  if (rails.error && INVALID.has(rails.error.class)) return { status: "skipped", reason: `not valid Ruby: ${rails.error.message.split("\n")[0]}` };
  if (ours.crash) return { status: "differs", kind: "crash" };
  const railsSources = rails.routes.map(sourceLine);
  const ourSources = ours.routes.map(sourceLine);
  if (rails.error) {
    if (!ours.error) return { status: "differs", kind: "missed-error" };
    if (errorLine(ours.error) !== errorLine(rails.error)) return { status: "differs", kind: "wrong-error" };
    const prefix = ourSources.slice(0, railsSources.length);
    if (prefix.join("\n") !== railsSources.join("\n")) return { status: "differs", kind: "drawn-before-error" };
    return { status: "same" };
  }
  if (ours.error) return { status: "differs", kind: "false-error" };
  if (sheetText(ours.sheet) !== sheetText(rails.sheet)) return { status: "differs", kind: "sheet" };
  if (ourSources.join("\n") !== railsSources.join("\n")) return { status: "differs", kind: "sources" };
  return { status: "same" };
}

/** Both answers as the golden format's text (test-fixtures/lib/cases.mjs), for a diff. */
export function answerText(answer) {
  if (answer.crash) return `#### crash\n${answer.crash}\n`;
  const lines = ["#### sheet", sheetText(answer.sheet), "#### sources", ...answer.routes.map(sourceLine)];
  if (answer.error) lines.push("#### error", errorLine(answer.error));
  if (answer.notes?.length) lines.push("#### notes", ...answer.notes.map((n) => `${n.severity} ${n.code} line ${n.line}: ${n.message.split("\n")[0]}`));
  return lines.join("\n") + "\n";
}

/** Whether Routemap said, with an info or warning, that it could not follow something. */
export function explained(ours) {
  return (ours.notes ?? []).length > 0;
}

/**
 * What a difference is about, to group findings: the kind, and Routemap's first note (which
 * names the method or construct it could not follow), or "silent" when it gave none.
 */
export function signature(result, ours) {
  const note = ours.notes?.[0];
  const about = note ? `${note.code}: ${normalize(note.message.split("\n")[0])}` : "silent";
  const error = result.kind.endsWith("error") && ours.error ? ` / ${ours.error.code}` : "";
  return `${result.kind}${error} / ${about}`;
}

/** A message without the names the generator made up (`draw_routes_3`, `"admin"`), to group alike ones. */
export function normalize(message) {
  return message.replace(/_\d+\b/g, "_N").replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'");
}

export { sourceLine };
