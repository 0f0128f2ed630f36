// Shrinks a routes file that shows a difference to a small one that still shows it: greedy
// delta debugging over Prism's tree. Each candidate edit removes a statement, an argument, a
// hash pair or an array element, or replaces a node by a part of it (a block call by its
// body, an `if`/`case` by one branch, a method call by its receiver, parentheses by what is
// inside); an edit is kept when the `test` still says yes. Larger edits are tried first, and
// passes repeat until none is kept.
let parsePromise;
function parser() {
  // @ruby/prism runs on Node's WASI, which warns once that it is experimental: not a problem of the run's.
  parsePromise ??= (async () => {
    const emit = process.emitWarning;
    process.emitWarning = (w, ...rest) => (String(w).includes("WASI") ? undefined : emit.call(process, w, ...rest));
    try {
      const { loadPrism } = await import("@ruby/prism");
      return await loadPrism();
    } finally {
      process.emitWarning = emit;
    }
  })();
  return parsePromise;
}

const isNode = (v) => v && typeof v === "object" && v.location && typeof v.constructor?.name === "string" && v.constructor.name.endsWith("Node");

function children(node) {
  const out = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === "location") continue;
    if (isNode(value)) out.push(value);
    else if (Array.isArray(value)) out.push(...value.filter(isNode));
  }
  return out;
}

const start = (n) => n.location.startOffset;
const end = (n) => n.location.startOffset + n.location.length;

/** Every candidate edit of `buf` (a UTF-8 Buffer): `{ from, to, text }`. */
function candidates(buf, program) {
  const out = [];
  const src = (a, b) => buf.subarray(a, b).toString("utf8");
  const lineRange = (n) => {
    let a = start(n);
    let b = end(n);
    while (a > 0 && (buf[a - 1] === 0x20 || buf[a - 1] === 0x09)) a--;
    const wholeLine = a === 0 || buf[a - 1] === 0x0a;
    let c = b;
    while (c < buf.length && (buf[c] === 0x20 || buf[c] === 0x09 || buf[c] === 0x3b)) c++;
    if (wholeLine && (c === buf.length || buf[c] === 0x0a)) return [a, Math.min(c + 1, buf.length)];
    return [start(n), c];
  };
  /** Removes element `i` of a comma-separated list, with the comma on one side. */
  const listItem = (items, i) => {
    if (items.length === 1) return [start(items[0]), end(items[0])];
    return i < items.length - 1 ? [start(items[i]), start(items[i + 1])] : [end(items[i - 1]), end(items[i])];
  };
  const bodyText = (stmts) => (stmts && stmts.body?.length ? src(start(stmts), end(stmts)) : "nil");
  const visit = (node, parent) => {
    const kind = node.constructor.name;
    if (kind === "StatementsNode") {
      for (const s of node.body) {
        const [from, to] = lineRange(s);
        out.push({ from, to, text: "" });
      }
    }
    if (kind === "ArgumentsNode") node.arguments_.forEach((_, i, all) => out.push({ ...range(listItem(all, i)), text: "" }));
    if ((kind === "KeywordHashNode" || kind === "HashNode" || kind === "ArrayNode") && node.elements.length) {
      node.elements.forEach((_, i, all) => out.push({ ...range(listItem(all, i)), text: "" }));
    }
    if (kind === "CallNode" && node.block?.constructor.name === "BlockNode" && node.block.body) out.push({ from: start(node), to: end(node), text: bodyText(node.block.body) });
    if (kind === "CallNode" && node.receiver && node.receiver.constructor.name !== "SelfNode") out.push({ from: start(node), to: end(node), text: src(start(node.receiver), end(node.receiver)) });
    if (kind === "IfNode" || kind === "UnlessNode") {
      out.push({ from: start(node), to: end(node), text: bodyText(node.statements) });
      const other = node.subsequent ?? node.elseClause;
      if (other?.constructor.name === "ElseNode") out.push({ from: start(node), to: end(node), text: bodyText(other.statements) });
    }
    if (kind === "CaseNode") {
      for (const w of node.conditions) out.push({ from: start(node), to: end(node), text: bodyText(w.statements) });
      if (node.elseClause) out.push({ from: start(node), to: end(node), text: bodyText(node.elseClause.statements) });
    }
    if (kind === "ParenthesesNode" && node.body) out.push({ from: start(node), to: end(node), text: src(start(node.body), end(node.body)) });
    for (const c of children(node)) visit(c, node);
  };
  const range = ([from, to]) => ({ from, to });
  visit(program);
  return out.filter((c) => c.to > c.from && src(c.from, c.to) !== c.text);
}

const apply = (buf, c) => Buffer.concat([buf.subarray(0, c.from), Buffer.from(c.text, "utf8"), buf.subarray(c.to)]);

/**
 * The smallest file reached from `text` for which `test(text)` (async) stays true, within
 * `maxTests` tests. `test` must be true of `text` itself.
 */
export async function minimize(text, test, { maxTests = 1500, onProgress } = {}) {
  const parse = await parser();
  let best = Buffer.from(text, "utf8");
  const tried = new Set();
  let tests = 0;
  const attempt = async (buf) => {
    const t = buf.toString("utf8");
    if (tried.has(t)) return false;
    tried.add(t);
    tests++;
    const parsed = parse(t);
    if (parsed.errors.length) return false;
    return test(t);
  };
  for (let pass = 0; pass < 12 && tests < maxTests; pass++) {
    let kept = 0;
    let i = 0;
    for (;;) {
      const parsed = parse(best.toString("utf8"));
      const list = candidates(best, parsed.value).sort((a, b) => b.to - b.from - (b.text.length) - (a.to - a.from - a.text.length));
      if (i >= list.length || tests >= maxTests) break;
      const next = apply(best, list[i]);
      if (next.length < best.length && (await attempt(next))) {
        best = next;
        kept++;
        onProgress?.(best.toString("utf8"), tests);
      } else i++;
    }
    if (!kept) break;
  }
  // Blank lines left by removals, and the indentation bodies moved out of their blocks kept.
  const tidy = reindent(best.toString("utf8").replace(/\n{3,}/g, "\n\n").replace(/^\n+/, ""), parse);
  if (tidy !== best.toString("utf8") && (await attempt(Buffer.from(tidy)))) best = Buffer.from(tidy);
  return { text: best.toString("utf8"), tests };
}

/** Node types whose lines between the first and the last are their body, one level in. */
const BLOCKS = new Set(["BlockNode", "DefNode", "IfNode", "UnlessNode", "CaseNode", "CaseMatchNode", "WhileNode", "UntilNode", "BeginNode", "ClassNode", "ModuleNode", "LambdaNode", "ForNode"]);
/** Lines that close one part of their node and open the next, at the node's own level. */
const MIDDLE = /^(else|elsif|when|in|rescue|ensure)\b/;

/** `text` indented two spaces a level, by its blocks as Prism reads them; `text` itself if that fails. */
export function reindent(text, parse) {
  const parsed = parse(text);
  if (parsed.errors.length) return text;
  const buf = Buffer.from(text, "utf8");
  const lineOf = (offset) => {
    let n = 0;
    for (let i = 0; i < offset; i++) if (buf[i] === 0x0a) n++;
    return n;
  };
  const spans = [];
  const visit = (node) => {
    if (BLOCKS.has(node.constructor.name)) {
      const first = lineOf(start(node));
      const last = lineOf(end(node));
      if (last > first) spans.push([first, last]);
    }
    for (const c of children(node)) visit(c);
  };
  visit(parsed.value);
  const lines = text.split("\n");
  const out = lines.map((line, i) => {
    const body = line.trim();
    if (!body) return "";
    let depth = spans.filter(([a, b]) => a < i && i < b).length;
    if (MIDDLE.test(body) && spans.some(([a, b]) => a < i && i < b)) depth--;
    return "  ".repeat(Math.max(depth, 0)) + body;
  });
  const result = out.join("\n");
  return parse(result).errors.length ? text : result;
}
