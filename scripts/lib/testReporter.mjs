// A reporter for node's test runner (`node --test --test-reporter=scripts/lib/testReporter.mjs`)
// that scripts/test.mjs reads: one JSON object a line, for each test's outcome and for what the
// test file printed. Counted as node counts (every test and subtest; a `describe` block is not
// one); a failure carries its error in full, as util.inspect shows it (the assertion's diff, the
// stack).
import { inspect } from "node:util";

export default async function* reporter(source) {
  for await (const { type, data } of source) {
    if (type === "test:stdout" || type === "test:stderr") {
      yield line({ kind: "output", stream: type.slice(5), file: data.file, text: data.message });
    } else if (type === "test:pass" || type === "test:fail") {
      if (data.details?.type === "suite") continue;
      // A todo test is a known gap noted as an expectation that fails today (node --test does not
      // count it as a failure either); counted and named apart, never as passed or failed.
      const outcome = data.todo !== undefined ? "todo" : type === "test:fail" ? "failed" : data.skip !== undefined ? "skipped" : "passed";
      const reason = outcome === "skipped" ? data.skip : outcome === "todo" ? data.todo : undefined;
      const error = type === "test:fail" ? inspect(data.details?.error?.cause ?? data.details?.error, { depth: 6 }) : undefined;
      // A test file that fails as a whole (it threw while loading, or timed out) is reported under its own path.
      yield line({ kind: "test", outcome, name: data.name, file: data.file, nesting: data.nesting, whole: data.name === data.file, reason: typeof reason === "string" ? reason : undefined, error, ms: data.details?.duration_ms });
    }
  }
}

const line = (object) => JSON.stringify(object) + "\n";
