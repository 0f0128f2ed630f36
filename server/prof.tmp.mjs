import { createNodeMapper } from "@routemap/shared-mapper/node";
import { Workspace, DEFAULT_SETTINGS } from "./dist/workspace.js";
import { nodeFileSystem } from "./dist/fileSystem.js";
const mem = (l) => { global.gc?.(); console.log(l, Math.round(process.memoryUsage().heapUsed / 1048576), "MiB heap", Math.round(process.memoryUsage().rss / 1048576), "rss"); };
mem("start");
const mapper = await createNodeMapper();
const ws = new Workspace(nodeFileSystem, mapper);
ws.settings = { ...DEFAULT_SETTINGS };
ws.discover(["/tmp/benchapp"]);
const app = ws.apps[0];
let t = performance.now();
app.table(); console.log("table", performance.now() - t); mem("table");
t = performance.now(); app.controllerModel(); console.log("model", performance.now() - t); mem("model");
t = performance.now(); const ctx = app.helperCheck(); console.log("helperCheck", performance.now() - t, ctx.unchecked); mem("helperCheck");
const { appDiagnostics } = await import("./dist/features/diagnostics.js");
t = performance.now(); appDiagnostics(app, { diagnostics: true, unreachedActions: true }); console.log("appDiagnostics", performance.now() - t); mem("appDiagnostics");
const { helperCallDiagnostics } = await import("./dist/features/helperCalls.js");
const { readFileSync } = await import("node:fs");
const rp = "/tmp/benchapp/config/routes/area7.rb", cp = "/tmp/benchapp/app/controllers/thing7s_controller.rb", vp = "/tmp/benchapp/app/views/thing7s/show.html.erb";
const rt = readFileSync(rp, "utf8"), ct = readFileSync(cp, "utf8"), vt = readFileSync(vp, "utf8");
ws.documentChanged(cp, ct); ws.documentChanged(vp, vt);
const times = [];
for (let i = 0; i < 200; i++) {
  const text = i % 2 ? rt : rt.replace("resources", "resourcesx");
  const t0 = performance.now();
  ws.documentChanged(rp, text);
  const t1 = performance.now();
  app.table();
  const t2 = performance.now();
  appDiagnostics(app, { diagnostics: true, unreachedActions: true });
  const t3 = performance.now();
  const ctx = app.helperCheck();
  if (!ctx.unchecked) { helperCallDiagnostics(app.workspace.mapper, ctx, cp, ct); helperCallDiagnostics(app.workspace.mapper, ctx, vp, vt); }
  const t4 = performance.now();
  times.push([t2 - t1, t3 - t2, t4 - t3]);
}
const med = (k) => times.map((x) => x[k]).sort((a, b) => a - b)[100].toFixed(1);
console.log("median table / appDiagnostics / helper checks", med(0), med(1), med(2));
mem("after 200 routes keystrokes");
{
const times = [];
for (let i = 0; i < 200; i++) {
  const text = i % 2 ? ct : ct.replace("def show", "def showx");
  const t0 = performance.now();
  ws.documentChanged(cp, text);
  app.table();
  const t1 = performance.now();
  app.controllerModel();
  const t2 = performance.now();
  appDiagnostics(app, { diagnostics: true, unreachedActions: true });
  const t3 = performance.now();
  const ctx = app.helperCheck();
  helperCallDiagnostics(app.workspace.mapper, ctx, cp, text);
  const t4 = performance.now();
  times.push([t1 - t0, t2 - t1, t3 - t2, t4 - t3]);
}
const med = (k) => times.map((x) => x[k]).sort((a, b) => a - b)[100].toFixed(1);
const p99 = (k) => times.map((x) => x[k]).sort((a, b) => a - b)[197].toFixed(1);
console.log("controller keystroke median: change+table / model / appDiagnostics / helper", med(0), med(1), med(2), med(3));
console.log("p99", p99(0), p99(1), p99(2), p99(3));
}
