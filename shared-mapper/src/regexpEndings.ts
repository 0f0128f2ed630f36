/**
 * What every match of an end-anchored regexp ends with, read from its source: the
 * inflector tries about forty rules on each new word, and V8 runs an end-anchored regexp
 * from every position of the word, so a rule whose matches cannot end as the word does is
 * skipped without running it.
 *
 * Only what the source says plainly is read: letters, letter classes (`[ie]`), groups of
 * such alternatives (`(sis|ses)`, `(?:ix|ex)`) and `?` after them. Reading goes from the `$`
 * leftwards and stops at anything else (`[^f]`, `\w`, `^`, `*`); what was read so far is
 * still true of every match.
 */

type Item =
  | { kind: "letters"; options: string[]; optional: boolean }
  | { kind: "group"; alternatives: Item[][]; optional: boolean }
  | { kind: "opaque" }
  | { kind: "end" };

/** More endings than this and reading stops: the filter would cost more than it saves. */
const MAX_ENDINGS = 64;

/**
 * The strings every match of `regexp` ends with (lower-cased if it ignores case), or
 * undefined when the source does not say (not anchored at the end, a top-level `|`, or
 * a match that may end with anything).
 */
export function literalEndings(regexp: RegExp): string[] | undefined {
  // With `m`, `$` also matches before a newline: the match need not end the string.
  if (regexp.multiline) return undefined;
  const parsed = parseAlternatives(regexp.source, 0);
  if (parsed === undefined || parsed.end !== regexp.source.length || parsed.alternatives.length !== 1) return undefined;
  const items = parsed.alternatives[0];
  if (items.length === 0 || items[items.length - 1].kind !== "end") return undefined;
  const { endings } = sequenceEndings(items.slice(0, -1));
  if (endings.includes("")) return undefined;
  const cased = regexp.ignoreCase ? endings.map((e) => e.toLowerCase()) : endings;
  // An ending that ends with another one adds nothing to the filter.
  return [...new Set(cased)].filter((e, _, all) => !all.some((o) => o !== e && e.endsWith(o)));
}

interface Endings {
  endings: string[];
  /** Whether the endings are whole matches of the items (so reading may go on to their left). */
  complete: boolean;
}

/** Reads a sequence from its end; stops at the first item that is not plain. */
function sequenceEndings(items: Item[]): Endings {
  let endings = [""];
  for (let i = items.length - 1; i >= 0; i--) {
    const item = itemEndings(items[i]);
    const joined = item.endings.length * endings.length > MAX_ENDINGS ? undefined : prefixEach(item.endings, endings);
    if (joined === undefined) return { endings, complete: false };
    endings = joined;
    if (!item.complete) return { endings, complete: false };
  }
  return { endings, complete: true };
}

function itemEndings(item: Item): Endings {
  if (item.kind === "letters") return withOptional({ endings: item.options, complete: true }, item.optional);
  if (item.kind !== "group") return { endings: [""], complete: false };
  const endings: string[] = [];
  let complete = true;
  for (const alternative of item.alternatives) {
    const read = sequenceEndings(alternative);
    endings.push(...read.endings);
    complete &&= read.complete;
  }
  return withOptional({ endings, complete }, item.optional);
}

function withOptional(read: Endings, optional: boolean): Endings {
  // `x?` may match nothing; reading on past a partly read optional item would be wrong.
  return optional ? { endings: [...read.endings, ""], complete: read.complete } : read;
}

function prefixEach(prefixes: string[], endings: string[]): string[] {
  const out: string[] = [];
  for (const p of prefixes) for (const e of endings) out.push(p + e);
  return out;
}

const isLetter = (c: string) => /^[A-Za-z0-9]$/.test(c);

/** Parses `|`-separated sequences from `i` up to an unmatched `)` or the end; undefined if malformed. */
function parseAlternatives(src: string, i: number): { alternatives: Item[][]; end: number } | undefined {
  const alternatives: Item[][] = [[]];
  while (i < src.length && src[i] !== ")") {
    const c = src[i];
    if (c === "|") {
      alternatives.push([]);
      i++;
      continue;
    }
    const read = parseItem(src, i);
    if (read === undefined) return undefined;
    i = read.end;
    alternatives[alternatives.length - 1].push(quantified(read.item, src[i]));
    if (src[i] === "?" || src[i] === "*" || src[i] === "+") i++;
    else if (src[i] === "{") {
      const close = src.indexOf("}", i);
      if (close < 0) return undefined;
      i = close + 1;
    }
  }
  return { alternatives, end: i };
}

function quantified(item: Item, next: string | undefined): Item {
  if (next === "?" && (item.kind === "letters" || item.kind === "group")) return { ...item, optional: true };
  if (next === "?" || next === "*" || next === "+" || next === "{") return { kind: "opaque" };
  return item;
}

function parseItem(src: string, i: number): { item: Item; end: number } | undefined {
  const c = src[i];
  if (c === "$") return { item: { kind: "end" }, end: i + 1 };
  if (c === "\\") return { item: { kind: "opaque" }, end: i + 2 };
  if (c === "[") {
    let close = i + 1;
    while (close < src.length && src[close] !== "]") close += src[close] === "\\" ? 2 : 1;
    if (close >= src.length) return undefined;
    const inside = src.slice(i + 1, close);
    const letters = [...inside];
    const plain = letters.length > 0 && letters.every(isLetter);
    return { item: plain ? { kind: "letters", options: letters, optional: false } : { kind: "opaque" }, end: close + 1 };
  }
  if (c === "(") {
    const body = src.startsWith("(?:", i) ? i + 3 : src[i + 1] === "?" ? -1 : i + 1;
    // Lookarounds and named groups say nothing plain.
    if (body < 0) return skipGroup(src, i);
    const inner = parseAlternatives(src, body);
    if (inner === undefined || src[inner.end] !== ")") return undefined;
    return { item: { kind: "group", alternatives: inner.alternatives, optional: false }, end: inner.end + 1 };
  }
  if (isLetter(c)) return { item: { kind: "letters", options: [c], optional: false }, end: i + 1 };
  return { item: { kind: "opaque" }, end: i + 1 };
}

/** An opaque group, skipped to its matching `)`. */
function skipGroup(src: string, i: number): { item: Item; end: number } | undefined {
  const inner = parseAlternatives(src, src.indexOf("(", i) + 2);
  if (inner === undefined || src[inner.end] !== ")") return undefined;
  return { item: { kind: "opaque" }, end: inner.end + 1 };
}
