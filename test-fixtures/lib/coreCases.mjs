// The core library's conformance cases (test-fixtures/core/*.txt): `EXPRESSION #=> ANSWER`, the
// answer written by scripts/oracle.mjs from real Ruby (test-fixtures/oracle/core.rb); and the
// known gaps (test-fixtures/core/gaps.txt), cases Routemap does not yet answer as Ruby does.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "./cases.mjs";

export const CORE_DIR = join(FIXTURES, "core");

/** Every case of every class file: `{ file, line, expression, expected }` (expected undefined until the oracle ran). */
export function coreCases() {
  const out = [];
  for (const file of readdirSync(CORE_DIR).filter((f) => f.endsWith(".txt") && f !== "gaps.txt").sort()) {
    readFileSync(join(CORE_DIR, file), "utf8").split("\n").forEach((text, i) => {
      if (!text.trim() || text.startsWith("#")) return;
      const at = text.search(/\s+#=> /);
      out.push({ file, line: i + 1, expression: at < 0 ? text : text.slice(0, at), expected: at < 0 ? undefined : text.slice(at).replace(/^\s+#=> /, "") });
    });
  }
  return out;
}

/** The gaps: `FILE: EXPRESSION  # why`, by file and expression. */
export function coreGaps() {
  const gaps = new Map();
  for (const text of readFileSync(join(CORE_DIR, "gaps.txt"), "utf8").split("\n")) {
    if (!text.trim() || text.startsWith("#")) continue;
    const m = /^(\S+\.txt): (.*?)(?:\s+#\s+(.*))?$/.exec(text);
    if (m) gaps.set(`${m[1]}: ${m[2]}`, m[3] ?? "");
  }
  return gaps;
}
