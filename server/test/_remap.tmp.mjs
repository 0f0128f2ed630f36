import { Workspace, DEFAULT_SETTINGS } from "../dist/workspace.js";
import { nodeFileSystem } from "../dist/fileSystem.js";
import { createNodeMapper } from "@routemap/shared-mapper/node";
const ws = new Workspace(nodeFileSystem, await createNodeMapper());
ws.discover(["/tmp/w30/large"]);
const app = ws.apps[0];
app.table(); app.controllerModel();
const times = [];
for (let i = 0; i < 40; i++) { ws.documentChanged(app.routesFile, ws.text(app.routesFile) + "\n#" + i); const c = process.cpuUsage(); const r = app.table(); const d = process.cpuUsage(c); times.push((d.user + d.system) / 1000); if (i == 39) console.log(r.timings); }
times.sort((a, b) => a - b); console.log("median", times[20].toFixed(1), "max", times.at(-1).toFixed(1));
