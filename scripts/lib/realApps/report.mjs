// The comparison's report: each difference under its cause (test-fixtures/oracle/real-app-causes.mjs),
// one text file per app, and a Markdown summary with the numbers table.
import { CAUSES } from "../../../test-fixtures/oracle/real-app-causes.mjs";

/** The id of the cause a difference belongs to, or null when none is known. */
export function classify(repo, diff) {
  for (const cause of CAUSES) {
    for (const m of cause.matches) {
      if (m.repo && m.repo !== repo) continue;
      if (m.kind && m.kind !== diff.kind) continue;
      const source = diff.rails?.source ?? diff.routemap?.source ?? "";
      if (m.source && !m.source.test(source) && !m.source.test(diff.routemap?.source ?? "")) continue;
      if (m.row && !m.row.test(rowText(diff.rails ?? diff.routemap)) && !(diff.routemap && m.row.test(rowText(diff.routemap)))) continue;
      if (m.test && !m.test(diff)) continue;
      return cause.id;
    }
  }
  return null;
}

const rowText = (r) => (r ? `${r.engine ? `[${r.engine}] ` : ""}${r.name || "-"} ${r.verb || "-"} ${r.path} ${r.reqs}` : "");

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)}%` : "–");

/** Rails' rows that can be checked: all but those that depend on a stand-in. */
export const verifiable = (r) => r.railsRows - r.unverifiableRails;

function stubLines(stubs) {
  const lines = [];
  for (const [kind, notes] of Object.entries(stubs ?? {})) {
    if (!notes.length) continue;
    lines.push(`  ${kind} (${notes.length}): ${notes.map((n) => (n.at ? `${n.text} @${n.at}` : n.text)).join("; ")}`);
  }
  return lines;
}

/** One app's report as text: its numbers, stand-ins, errors, then the differences by cause. */
export function renderAppReport(r) {
  const head = [`${r.repo} @ ${r.commit} (app at ${r.root ?? "."}, locks Rails ${r.lockedRails ?? "?"})`];
  if (r.failed || r.bootError) return [...head, `not compared: ${r.failed ?? r.bootError}`, "", "stand-ins:", ...stubLines(r.stubs), ""].join("\n");
  head.push(
    `Rails rows ${r.railsRows} (unverifiable ${r.unverifiableRails}), matched ${r.matched} (${pct(r.matched, verifiable(r))}), matched but marked not certain ${r.matchedMarked ?? 0}, differing ${r.differing}, only in Rails ${r.onlyRails}, only in Routemap ${r.onlyRoutemap} (+${r.unverifiableRoutemap} unverifiable)`,
    `same table (verifiable rows, in order): ${r.sameTable ? "yes" : "no"}; byte-identical sheet: ${r.identicalSheet ? "yes" : "no"}; Gemfile.lock aligned: ${r.aligned?.join(", ") || "nothing"}`,
    "",
    `errors Routemap printed (${r.errors.length}):`,
    ...r.errors.map((e) => `  ${e}`),
    "",
    "stand-ins:",
    ...stubLines(r.stubs),
    "",
  );
  const byCause = new Map();
  for (const d of r.diffs) {
    const k = d.cause ?? "unclassified";
    if (!byCause.has(k)) byCause.set(k, []);
    byCause.get(k).push(d);
  }
  for (const [cause, diffs] of byCause) {
    head.push(`== ${cause} (${diffs.length})`);
    let lastCode = null;
    for (const d of diffs) {
      if (d.code && d.code !== lastCode) head.push(`  | ${d.code}`);
      lastCode = d.code;
      if (d.kind === "differs") head.push(`  ~ ${d.rails.source ?? "?"} [${d.fields.join(",")}]`, `    rails:    ${rowText(d.rails)}`, `    routemap: ${rowText(d.routemap)} (${d.routemap.source ?? "?"})`);
      else if (d.kind === "only-rails") head.push(`  - ${d.rails.source ?? "?"} ${rowText(d.rails)}`);
      else head.push(`  + ${d.routemap.source ?? "?"} ${rowText(d.routemap)}`);
    }
  }
  return head.join("\n") + "\n";
}

/** The Markdown summary: one row per app, the totals, then the differences per cause. */
export function renderSummary(results, versions) {
  const lines = [
    `Truth: Rails ${versions.rails} on Ruby ${versions.ruby} (Debian); Routemap: \`routemap routes --rails 6.1\`, environment development.`,
    "",
    "| app | commit | locks Rails | Rails rows | unverifiable | matched | % | marked | differing | only Rails | only Routemap | errors | same table | same sheet |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
  ];
  const total = { rows: 0, unv: 0, matched: 0, marked: 0, differing: 0, onlyRails: 0, onlyRoutemap: 0, errors: 0 };
  for (const r of results) {
    const commit = (r.commit ?? "").slice(0, 10);
    if (r.failed || r.bootError) {
      lines.push(`| ${r.repo} | ${commit} | ${r.lockedRails ?? "–"} | not compared: ${(r.failed ?? r.bootError).replace(/\|/g, "\\|").slice(0, 160)} |||||||||||`);
      continue;
    }
    total.rows += r.railsRows;
    total.unv += r.unverifiableRails;
    total.matched += r.matched;
    total.marked += r.matchedMarked ?? 0;
    total.differing += r.differing;
    total.onlyRails += r.onlyRails;
    total.onlyRoutemap += r.onlyRoutemap;
    total.errors += r.errors.length;
    lines.push(
      `| ${r.repo} | ${commit} | ${r.lockedRails ?? "–"} | ${r.railsRows} | ${r.unverifiableRails} | ${r.matched} | ${pct(r.matched, verifiable(r))} | ${r.matchedMarked ?? 0} | ${r.differing} | ${r.onlyRails} | ${r.onlyRoutemap} | ${r.errors.length} | ${r.sameTable ? "yes" : "no"} | ${r.identicalSheet ? "yes" : "no"} |`,
    );
  }
  lines.push(
    `| **total** | | | ${total.rows} | ${total.unv} | ${total.matched} | ${pct(total.matched, total.rows - total.unv)} | ${total.marked} | ${total.differing} | ${total.onlyRails} | ${total.onlyRoutemap} | ${total.errors} | | |`,
    "",
    "Differences by cause (rows affected, apps):",
    "",
  );
  const counts = new Map();
  for (const r of results) {
    for (const d of r.diffs ?? []) {
      const k = d.cause ?? "unclassified";
      const c = counts.get(k) ?? { rows: 0, apps: new Set() };
      c.rows++;
      c.apps.add(r.repo);
      counts.set(k, c);
    }
  }
  for (const [k, c] of [...counts].sort((a, b) => b[1].rows - a[1].rows)) {
    const cause = CAUSES.find((x) => x.id === k);
    lines.push(`- ${k}${cause ? ` (${cause.area}): ${cause.title}` : ""}: ${c.rows} rows in ${[...c.apps].join(", ")}`);
  }
  return lines.join("\n") + "\n";
}
