// Deterministic mutations of a routes file, as an editor sees them mid-typing: a deleted
// line, a truncated file, two swapped tokens, a missing last `end`, a half-typed block.
function prng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

export function mutations(text, seed) {
  const rand = prng(seed);
  const lines = text.split("\n");
  const pick = (n) => Math.floor(rand() * n);
  const out = [];
  const drop = pick(lines.length);
  out.push(lines.filter((_, i) => i !== drop).join("\n"));
  out.push(text.slice(0, pick(text.length)));
  const tokens = text.split(/(\s+)/);
  const a = pick(tokens.length);
  const b = pick(tokens.length);
  [tokens[a], tokens[b]] = [tokens[b], tokens[a]];
  out.push(tokens.join(""));
  out.push(text.replace(/\bend\b(?![\s\S]*\bend\b)/, ""));
  out.push(text.replace(/do\b/, "do |"));
  return out;
}

