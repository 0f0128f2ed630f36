// The case lines of test-fixtures/regexp/cases.txt (`METHOD /PATTERN/FLAGS ARG… => RESULT`),
// read as test-fixtures/oracle/regexp.rb reads them: the result follows the first ` => ` before
// which the line reads as a case, whose pattern ends at the last `/` followed by flags and
// arguments only.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "./cases.mjs";

export const REGEXP_CASES = join(FIXTURES, "regexp", "cases.txt");

const STRING = String.raw`"(?:[^"\\]|\\.)*"(?:\*\d+)?`;
const ARG = String.raw`(?:${STRING}(?:\+${STRING})*|-?\d+)`;
const REST = new RegExp(String.raw`^([mix]*)((?:\s+${ARG})*)\s*$`, "s");

function parseArg(text) {
  if (/^-?\d+$/.test(text)) return Number(text);
  return [...text.matchAll(/("(?:[^"\\]|\\.)*")(?:\*(\d+))?/g)].map(([, s, n]) => JSON.parse(s).repeat(n ? Number(n) : 1)).join("");
}

/** `{line, method, source, flags, args, text (the case without its result), expected}` for each case. */
export function readRegexpCases() {
  const lines = readFileSync(REGEXP_CASES, "utf8").split("\n");
  const cases = [];
  lines.forEach((line, i) => {
    if (!line.trim() || line.startsWith("#")) return;
    const cuts = [...line.matchAll(/ => /g)].map((m) => m.index);
    for (const cut of [...cuts, line.length]) {
      const c = parseCase(line.slice(0, cut));
      if (c) return cases.push({ line: i + 1, ...c, expected: cut < line.length ? line.slice(cut + 4) : undefined });
    }
    throw new Error(`${REGEXP_CASES}:${i + 1}: not a case: ${line}`);
  });
  return cases;
}

function parseCase(text) {
  const space = text.indexOf(" ");
  const method = text.slice(0, space);
  const rest = text.slice(space + 1);
  if (space < 0 || !rest.startsWith("/")) return undefined;
  for (let k = rest.length - 1; k > 0; k--) {
    const m = rest[k] === "/" && REST.exec(rest.slice(k + 1));
    if (!m) continue;
    const args = [...m[2].matchAll(new RegExp(ARG, "g"))].map((a) => parseArg(a[0]));
    return { method, source: rest.slice(1, k), flags: m[1], args, text: `${method} ${rest.slice(0, k + 1)}${m[1]}${m[2]}` };
  }
  return undefined;
}
