// The run's report: report.md (groups of differences, each with its smallest reproduction,
// Rails' answer, Routemap's and their diff) and one directory per group with its files.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { unifiedDiff } from "../../../test-fixtures/lib/unifiedDiff.mjs";
import { answerText } from "./compare.mjs";

const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 80);

export function writeReport({ out, seed, avoid, results, groups, seconds }) {
  const count = (status) => results.filter((r) => r.status === status).length;
  const lines = [
    `# Fuzzing report: seed ${seed}${avoid?.length ? `, avoiding ${avoid.join(", ")}` : ""}`,
    "",
    `${results.length} files in ${seconds.toFixed(1)} s: ${count("same")} same as Rails, ${count("differs")} differ, ${count("skipped")} skipped.`,
    `Rails drew ${results.reduce((n, r) => n + (r.rails.routes?.length ?? 0), 0)} routes in all; ${results.filter((r) => r.rails.error).length} files end with an error Rails raised.`,
    `Each file can be made again with \`node scripts/fuzz.mjs --seed ${seed}${avoid?.length ? ` --avoid ${avoid.join(",")}` : ""} --only INDEX\`.`,
    "",
  ];
  const skipped = results.filter((r) => r.status === "skipped");
  if (skipped.length) lines.push("Skipped:", ...skipped.slice(0, 20).map((r) => `- #${r.index}: ${r.reason.split("\n")[0]}`), "");
  const sorted = [...groups].sort((a, b) => b[1].length - a[1].length);
  sorted.forEach(([sig, members], g) => {
    const dir = join(out, "findings", `${String(g + 1).padStart(2, "0")}-${slug(sig)}`);
    mkdirSync(dir, { recursive: true });
    lines.push(`## ${g + 1}. ${sig}`, "", `${members.length} file(s): ${members.slice(0, 30).map((r) => `#${r.index}`).join(", ")}${members.length > 30 ? ", …" : ""}`, "");
    for (const r of members) writeFileSync(join(dir, `${r.index}.rb`), r.text);
    const shown = members.filter((r) => r.minimized);
    for (const r of shown.length ? shown : members.slice(0, 1)) {
      const text = r.minimized?.text ?? r.text;
      const rails = answerText(r.minimized?.rails ?? r.rails);
      const ours = answerText(r.minimized?.ours ?? r.ours);
      const name = `${r.index}${r.minimized ? ".min" : ""}`;
      writeFileSync(join(dir, `${name}.rb`), text);
      writeFileSync(join(dir, `${name}.rails.txt`), rails);
      writeFileSync(join(dir, `${name}.routemap.txt`), ours);
      const env = `env ${r.env.railsEnv}${Object.keys(r.env.vars).length ? `, ENV ${JSON.stringify(r.env.vars)}` : ""}`;
      lines.push(`${r.minimized ? "Shrunk from" : "File"} #${r.index} (${env}):`, "", "```ruby", text.trimEnd(), "```", "");
      lines.push("Rails → Routemap:", "", "```diff", unifiedDiff(rails, ours, { from: "Rails 6.1", to: "Routemap" }).trimEnd(), "```", "");
    }
  });
  const path = join(out, "report.md");
  writeFileSync(path, lines.join("\n") + "\n");
  writeFileSync(
    join(out, "results.json"),
    JSON.stringify(
      results.map(({ index, seed: s, status, kind, signature, reason, rails }) => ({ index, seed: s, status, kind, signature, reason, routes: rails.routes?.length, railsError: rails.error?.class })),
      null,
      1,
    ),
  );
  return path;
}
