// The second thread of `routemap check` that reads the app's files ahead (server/src/cli/textReader.ts):
// each file handed back as read, with its digest (the files' facts' keys are made of it), and a file the worker claimed and never handed back (a worker
// that stopped) waited for once, no longer than the reader's patience, then read by the caller
// without waiting again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TextReader } from "../dist/cli/textReader.js";
import { textDigest } from "../dist/cli/lazyCrypto.js";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const root = scratchDir("routemap-text-reader-");
const paths = Array.from({ length: 80 }, (_, i) => join(root, "app", "views", `v${i}.html.erb`));
mkdirSync(join(root, "app", "views"), { recursive: true });
paths.forEach((p, i) => writeFileSync(p, `<%= post${i}_path %>\n`));

test("files are handed back as the worker read them; one it claimed and never handed back is waited for once, then none is", { timeout: 60_000 }, async () => {
  const reader = TextReader.start(root, paths, { ROUTEMAP_CHECK_WORKERS: "1" });
  assert.ok(reader, "forced, a reader starts whatever the app's size");
  try {
    // What a worker that stopped leaves: files claimed for it (before it begins, so it skips them), never handed back.
    const lost = [40, 41];
    for (const at of lost) assert.equal(Atomics.compareExchange(reader.claims, at, 0, 1), 0);
    // Forced, the first file asked waits for the worker's first batch.
    assert.deepEqual(reader.take(paths[0]), { text: "<%= post0_path %>\n", digest: textDigest("<%= post0_path %>\n") });
    for (let i = 1; i < 40; i++) {
      const got = reader.take(paths[i]);
      // Read by the worker, or not begun by it (the caller reads it): never another file's text.
      if (got) assert.deepEqual(got, { text: `<%= post${i}_path %>\n`, digest: textDigest(`<%= post${i}_path %>\n`) });
    }
    let began = performance.now();
    assert.equal(reader.take(paths[40]), undefined, "the caller reads a file the worker kept");
    const firstWait = performance.now() - began;
    assert.ok(firstWait >= 150 && firstWait < 5_000, `waited once, about the reader's patience: ${firstWait} ms`);
    began = performance.now();
    assert.equal(reader.take(paths[41]), undefined);
    const secondWait = performance.now() - began;
    assert.ok(secondWait < 100, `not waited for again: ${secondWait} ms`);
    // Files the worker did read are still handed back; another is the caller's to read.
    for (let i = 42; i < paths.length; i++) {
      const got = reader.take(paths[i]);
      if (got) assert.equal(got.text, `<%= post${i}_path %>\n`);
    }
    assert.ok(reader.used > 1, `some texts came from the worker: ${reader.used}`);
    assert.equal(reader.take(join(root, "not-listed.rb")), undefined, "a path not given is the caller's");
  } finally {
    reader.close();
  }
});
