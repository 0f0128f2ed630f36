// A fuzzing run: generate files from a seed, draw each with Rails and with Routemap, compare,
// group the differences by signature, and shrink the first few of each group to a small
// reproduction. Files are written only under the run's own directory.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { answerText, compare, signature } from "./compare.mjs";
import { generate } from "./generate.mjs";
import { minimize } from "./minimize.mjs";
import { fileSeed } from "./prng.mjs";
import { RailsOracle } from "./rails.mjs";
import { createRoutemap } from "./routemap.mjs";

/** How many files are handed to Ruby before their answers are awaited (Routemap maps meanwhile). */
const WINDOW = 8;

/**
 * Runs `count` files of `seed` (or only `indexes`), until `stop()` says so. `dir` receives the generated files
 * (`work/`); returns `{ results, groups }`, a result per file `{ index, seed, file, text,
 * status, kind, signature, rails, ours }`.
 */
export async function fuzz({ seed, count, indexes, dir, statements, avoid, onResult, minimizeGroups = 0, onMinimized, maxTests, stop = () => false }) {
  const work = join(dir, "work");
  mkdirSync(work, { recursive: true });
  const rails = new RailsOracle();
  const routemap = await createRoutemap();
  const results = [];
  const groups = new Map();
  const todo = indexes ?? Array.from({ length: count }, (_, i) => i);
  try {
    // `stop()` ends the drawing early (a time limit, Ctrl-C); the files drawn so far are shrunk and reported.
    for (let k = 0; k < todo.length && !stop(); k += WINDOW) {
      const batch = todo.slice(k, k + WINDOW).map((index) => {
        const s = fileSeed(seed, index);
        const g = generate(s, { statements, avoid });
        const file = join(work, `fuzz-${seed}-${index}.rb`);
        writeFileSync(file, g.text);
        return { index, seed: s, file, text: g.text, env: { railsEnv: g.railsEnv, vars: g.vars }, answer: rails.draw(file, { railsEnv: g.railsEnv, vars: g.vars }) };
      });
      for (const b of batch) {
        const ours = routemap(b.file, b.text, b.env);
        const theirs = await b.answer;
        const c = compare(theirs, ours);
        const result = { index: b.index, seed: b.seed, file: b.file, text: b.text, env: b.env, status: c.status, kind: c.kind, reason: c.reason, rails: theirs, ours };
        if (c.status === "differs") {
          result.signature = signature(c, ours);
          if (!groups.has(result.signature)) groups.set(result.signature, []);
          groups.get(result.signature).push(result);
        }
        results.push(result);
        onResult?.(result);
      }
    }
    if (minimizeGroups > 0) {
      for (const [sig, members] of groups) {
        for (const r of members.slice(0, minimizeGroups)) {
          r.minimized = await shrink(r, { rails, routemap, work, maxTests });
          onMinimized?.(sig, r);
        }
      }
    }
  } finally {
    await rails.close();
  }
  return { results, groups };
}

/**
 * The smallest file that still differs the way `r` does: the same kind of difference, the
 * same error from Rails (or none), the same error code from Routemap (or none), and no note
 * from Routemap of a kind `r` did not have (nor a method it did not say it did not know).
 */
export async function shrink(r, { rails, routemap, work, maxTests = 1500 }) {
  const file = join(work, `min-${r.index}.rb`);
  // A note is known by its code, and an unknown method by its name too: shrinking must not trade
  // the method Routemap did not know for another.
  const noteKey = (n) => (n.code === "unknown-method" ? n.message : n.code);
  const notes = new Set((r.ours.notes ?? []).map(noteKey));
  const errorOf = (answer) => (answer.error ? `${answer.error.class}: ${answer.error.message}` : "none");
  const error = errorOf(r.rails);
  let last;
  const test = async (text) => {
    writeFileSync(file, text);
    const ours = routemap(file, text, r.env);
    const theirs = await rails.draw(file, r.env);
    const c = compare(theirs, ours);
    if (c.status !== "differs" || c.kind !== r.kind) return false;
    // The same error from Rails, word for word (or none): a shrunk file that fails for another reason is another finding.
    if (errorOf(theirs) !== error) return false;
    if ((ours.error?.code ?? null) !== (r.ours.error?.code ?? null)) return false;
    if ((ours.notes ?? []).some((n) => !notes.has(noteKey(n)))) return false;
    if (notes.size && !(ours.notes ?? []).length) return false;
    last = { text, rails: theirs, ours };
    return true;
  };
  const { text, tests } = await minimize(r.text, test, { maxTests });
  // The answers of the smallest file (the last kept one, unless the tidy step changed nothing).
  if (!last || last.text !== text) await test(text);
  writeFileSync(file, text);
  if (!last) return { file, text: r.text, tests, rails: r.rails, ours: r.ours };
  return { file, text, tests, rails: last.rails, ours: last.ours };
}

export { answerText };
