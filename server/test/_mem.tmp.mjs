import { Workspace, DEFAULT_SETTINGS } from "../dist/workspace.js";
import { nodeFileSystem } from "../dist/fileSystem.js";
import { appDiagnostics } from "../dist/features/diagnostics.js";
import { createNodeMapper } from "@routemap/shared-mapper/node";
const gc = globalThis.gc;
const mb = () => { gc(); gc(); return (process.memoryUsage().heapUsed / 1048576).toFixed(0) + "MB heap, rss " + (process.memoryUsage().rss / 1048576).toFixed(0); };
const ws = new Workspace(nodeFileSystem, await createNodeMapper());
console.log("start", mb());
ws.discover(["/tmp/w30/large"]);
const app = ws.apps[0];
let t = Date.now(); app.table(); console.log("table", Date.now() - t, mb());
t = Date.now(); app.controllerModel(); console.log("model", Date.now() - t, mb());
t = Date.now(); appDiagnostics(app, DEFAULT_SETTINGS); console.log("appDiagnostics", Date.now() - t, mb());
for (let i = 0; i < 5; i++) { ws.documentChanged(app.routesFile, ws.text(app.routesFile) + "\n#" + i); t = Date.now(); app.table(); console.log("remap", Date.now() - t); }
console.log("after remaps", mb());
if (process.env.SNAP) { const v8 = await import("node:v8"); console.log(v8.writeHeapSnapshot("/tmp/w30/heap.heapsnapshot")); }
