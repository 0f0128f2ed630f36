// A unified diff of two texts, line by line, for test and oracle reports: a reviewer reads
// what changed, not just that something did. Goldens are a few hundred lines at most, so a
// plain longest-common-subsequence table is fast enough and easy to trust.

/**
 * `diff -u`-style text of `a` → `b` with `context` lines around each change, or "" when
 * they are equal. Labels name the two sides in the `---`/`+++` lines.
 */
export function unifiedDiff(a, b, { from = "expected", to = "actual", context = 3 } = {}) {
  if (a === b) return "";
  const x = lines(a);
  const y = lines(b);
  const ops = editScript(x, y);
  const out = [`--- ${from}`, `+++ ${to}`];
  for (const hunk of hunks(ops, context)) {
    const first = ops[hunk.start];
    const oldCount = countSides(ops, hunk, " -");
    const newCount = countSides(ops, hunk, " +");
    out.push(`@@ -${first.i + (oldCount ? 1 : 0)},${oldCount} +${first.j + (newCount ? 1 : 0)},${newCount} @@`);
    for (let k = hunk.start; k < hunk.end; k++) out.push(ops[k].op + ops[k].line);
  }
  return out.join("\n") + "\n";
}

const lines = (text) => (text === "" ? [] : text.replace(/\n$/, "").split("\n"));

/** Each line of both texts as kept (" "), removed ("-") or added ("+"), with its position on each side. */
function editScript(x, y) {
  const n = x.length;
  const m = y.length;
  // lcs[i][j]: the longest common subsequence of x[i..] and y[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const ops = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) ops.push({ op: " ", line: x[i], i: i++, j: j++ });
    // Removals first where both keep the subsequence as long, as `diff -u` prints them.
    else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push({ op: "-", line: x[i], i: i++, j });
    else ops.push({ op: "+", line: y[j], i, j: j++ });
  }
  return ops;
}

/** Ranges of the edit script holding changes and their context, merged where they touch. */
function hunks(ops, context) {
  const out = [];
  for (let k = 0; k < ops.length; k++) {
    if (ops[k].op === " ") continue;
    const start = Math.max(0, k - context);
    let end = k + 1;
    // Extend over further changes that are within two contexts of this one.
    for (let next = end; next < ops.length && next < end + 2 * context; next++) if (ops[next].op !== " ") end = next + 1;
    const last = out[out.length - 1];
    const stop = Math.min(ops.length, end + context);
    if (last && start <= last.end) last.end = stop;
    else out.push({ start, end: stop });
    k = end - 1;
  }
  return out;
}

function countSides(ops, { start, end }, kinds) {
  let count = 0;
  for (let k = start; k < end; k++) if (kinds.includes(ops[k].op)) count++;
  return count;
}
