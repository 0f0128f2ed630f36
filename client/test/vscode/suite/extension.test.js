// Routemap inside a real VS Code (the workbench of code-server 4.139.1 = VS Code 1.139.1),
// on a copy of the sample app opened as the workspace, in Restricted Mode. Everything goes
// through VS Code's own APIs and commands, as a user's editor would.
const assert = require("node:assert/strict");
const path = require("node:path");
const vscode = require("vscode");

const root = vscode.workspace.workspaceFolders[0].uri.fsPath;
const routesUri = vscode.Uri.file(path.join(root, "config/routes.rb"));
const viewUri = vscode.Uri.file(path.join(root, "app/views/products/index.html.erb"));

/** Waits for a condition on VS Code's state, checking again whenever diagnostics change. */
function until(check, what) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`timed out waiting for ${what}`));
    }, 30_000);
    const test = () => {
      const value = check();
      if (value) {
        clearTimeout(timer);
        sub.dispose();
        resolve(value);
      }
    };
    const sub = vscode.languages.onDidChangeDiagnostics(test);
    test();
  });
}

async function retry(fn, what) {
  for (let i = 0; i < 100; i++) {
    const value = await fn();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer for ${what}`);
}

describe("Routemap in VS Code", () => {
  let api;

  before(async () => {
    const extension = vscode.extensions.getExtension("routemap.routemap");
    assert.ok(extension, "the extension is installed");
    api = await extension.activate();
    await api.ready;
  });

  it("activates (in Restricted Mode where the workbench opened the folder so) and lists the routes in the explorer", async () => {
    // The served workbench opens the folder untrusted; desktop VS Code under runTests trusts it.
    assert.equal(vscode.workspace.isTrusted, process.env.ROUTEMAP_RESTRICTED_MODE !== "1");
    const routes = await retry(() => (api.view.visibleRoutes().length > 250 ? api.view.visibleRoutes() : undefined), "the explorer");
    assert.ok(routes.some((r) => r.name === "products"));
    await vscode.commands.executeCommand("routemap.filterRoutes", "wishlist");
    assert.deepEqual(api.view.visibleRoutes().map((r) => `${r.verb} ${r.path}`), ["POST /products/:id/wishlist(.:format)", "DELETE /products/:id/wishlist(.:format)"]);
    await vscode.commands.executeCommand("routemap.clearFilter");
  });

  it("shows a diagnostic for a broken routes file, and clears it when fixed", async () => {
    const document = await vscode.workspace.openTextDocument(routesUri);
    const editor = await vscode.window.showTextDocument(document);
    const line = document.getText().split("\n").findIndex((l) => l.includes('root "storefront#index"'));
    await editor.edit((e) => e.insert(new vscode.Position(line, 0), "  member { get :oops }\n"));
    const error = await until(
      () => vscode.languages.getDiagnostics(routesUri).find((d) => d.severity === vscode.DiagnosticSeverity.Error),
      "the routing error",
    );
    assert.equal(error.message, "can't use member outside resource(s) scope");
    assert.equal(error.range.start.line, line);
    await editor.edit((e) => e.delete(new vscode.Range(line, 0, line + 1, 0)));
    await until(() => !vscode.languages.getDiagnostics(routesUri).some((d) => d.severity === vscode.DiagnosticSeverity.Error) || undefined, "the error to clear");
  });

  it("answers hover, completion and go to definition", async () => {
    const document = await vscode.workspace.openTextDocument(routesUri);
    const line = document.getText().split("\n").findIndex((l) => l.includes("resources :products"));
    const hovers = await retry(async () => {
      const h = await vscode.commands.executeCommand("vscode.executeHoverProvider", routesUri, new vscode.Position(line, 14));
      return h && h.length ? h : undefined;
    }, "hover");
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === "string" ? c : c.value))).join("\n");
    assert.match(text, /`products_path` \| GET \| `\/products\(\.:format\)`/);

    await vscode.workspace.openTextDocument(viewUri);
    const list = await vscode.commands.executeCommand("vscode.executeCompletionItemProvider", viewUri, new vscode.Position(3, 30));
    const item = list.items.find((i) => (typeof i.label === "string" ? i.label : i.label.label) === "edit_admin_product_path");
    assert.ok(item, "edit_admin_product_path is offered");

    const definitions = await vscode.commands.executeCommand("vscode.executeDefinitionProvider", viewUri, new vscode.Position(4, 40));
    const target = definitions[0].targetUri ?? definitions[0].uri;
    const range = definitions[0].targetRange ?? definitions[0].range;
    assert.equal(target.fsPath, routesUri.fsPath);
    assert.match(document.lineAt(range.start.line).text, /post :wishlist/);
  });

  it("finds the route for a URL and opens its declaration", async () => {
    const found = await vscode.commands.executeCommand("routemap.findRoute", "GET /products/42/reviews");
    assert.equal(found.route.name, "product_reviews");
    assert.deepEqual(found.params, { controller: "reviews", action: "index", product_id: "42" });
    assert.equal(vscode.window.activeTextEditor.document.uri.fsPath, routesUri.fsPath);
  });

  it("updates the explorer live as the routes file changes", async () => {
    const document = await vscode.workspace.openTextDocument(routesUri);
    const editor = await vscode.window.showTextDocument(document);
    const line = document.getText().split("\n").findIndex((l) => l.includes('root "storefront#index"'));
    await editor.edit((e) => e.insert(new vscode.Position(line + 1, 0), '  get "brand_new", to: "pages#about"\n'));
    await retry(() => api.view.visibleRoutes().some((r) => r.path === "/brand_new(.:format)"), "the new route in the explorer");
    await editor.edit((e) => e.delete(new vscode.Range(line + 1, 0, line + 2, 0)));
    await retry(() => !api.view.visibleRoutes().some((r) => r.path === "/brand_new(.:format)"), "the route to go");
  });

  it("opens a route's controller action, and copies its helper and path", async () => {
    const route = api.view.visibleRoutes().find((r) => r.name === "wishlist_product");
    await vscode.commands.executeCommand("routemap.openController", { route });
    const editor = vscode.window.activeTextEditor;
    assert.match(editor.document.uri.fsPath, /app\/controllers\/products_controller\.rb$/);
    assert.match(editor.document.lineAt(editor.selection.active.line).text, /def wishlist/);
    await vscode.commands.executeCommand("routemap.copyHelper", { route });
    assert.equal(await vscode.env.clipboard.readText(), "wishlist_product_path");
    await vscode.commands.executeCommand("routemap.copyPath", { route });
    assert.equal(await vscode.env.clipboard.readText(), "/products/:id/wishlist(.:format)");
  });

  it("restarts the server and serves the same table", async () => {
    await vscode.commands.executeCommand("routemap.restartServer");
    await api.ready;
    const routes = await retry(async () => {
      const client = api.client();
      if (!client || !client.isRunning()) return undefined;
      const { apps } = await client.sendRequest("routemap/routes", {});
      return apps.find((a) => a.root === root)?.routes;
    }, "the restarted server");
    assert.ok(routes.length > 250);
  });

  it("shows the routes table as rails routes prints it", async () => {
    const document = await vscode.commands.executeCommand("routemap.showRoutesTable");
    const fs = require("node:fs");
    assert.equal(document.getText(), fs.readFileSync(path.join(root, "rails-routes.txt"), "utf8"));
  });

  it("groups the routes Rails adds under the framework's name once config/application.rb loads it", async () => {
    const application = vscode.Uri.file(path.join(root, "config/application.rb"));
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(application));
    const groups = () => api.view.getChildren().filter((n) => n.kind === "group" && n.origin).map((n) => n.label);
    // The sample app requires Active Storage's engine, and locks Devise.
    await retry(() => groups().includes("Active Storage") && groups().includes("Devise"), "the sample app's framework and gem groups");
    const before = groups();
    assert.ok(!before.includes("Action Mailbox"));
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), 'require "rails/all"\n'));
    await retry(() => groups().includes("Action Mailbox"), "Action Mailbox's group in the explorer");
    const mailbox = api.view.getChildren().find((n) => n.label === "Action Mailbox");
    assert.ok(api.view.getChildren(mailbox).length > 0);
    await editor.edit((e) => e.delete(new vscode.Range(0, 0, 1, 0)));
    await retry(() => !groups().includes("Action Mailbox"), "Action Mailbox's group to go");
    assert.deepEqual(groups(), before);
    await vscode.commands.executeCommand("workbench.action.files.revert");
  });

  it("shows the app's engine in the app, where it is mounted, not as an app of its own", async () => {
    const engine = await retry(() => api.view.getChildren().find((n) => n.kind === "engine"), "the engine in the explorer");
    assert.equal(engine.name, "Journal::Engine");
    const leaves = (n) => (n.kind === "route" ? [n] : api.view.getChildren(n).flatMap(leaves));
    assert.deepEqual(leaves(engine).map((n) => `${n.route.verb} ${n.route.path}`), [
      "GET /entries(.:format)", "GET /entries/:id(.:format)", "GET /",
    ]);
    assert.ok(!api.view.getChildren().some((n) => n.kind === "app"), "one app: its routes at the top of the view");
  });

  it("shows the routes above a controller's actions, and creates a missing action from its warning", async () => {
    const controller = vscode.Uri.file(path.join(root, "app/controllers/products_controller.rb"));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(controller));
    const lenses = await retry(async () => {
      const found = await vscode.commands.executeCommand("vscode.executeCodeLensProvider", controller);
      return found?.length ? found : undefined;
    }, "the code lenses");
    assert.ok(lenses.some((l) => l.command?.title === "GET /products(.:format) · products_path"), lenses.map((l) => l.command?.title).join(" | "));

    const missing = (d) => d.message === "OrdersController has no action `cancel` and no template orders/cancel";
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(routesUri));
    const warning = await until(() => vscode.languages.getDiagnostics(routesUri).find(missing), "the missing-action warning");
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    const fixes = await vscode.commands.executeCommand("vscode.executeCodeActionProvider", routesUri, warning.range, vscode.CodeActionKind.QuickFix.value);
    const fix = fixes.find((a) => a.title === "Create action `cancel` in OrdersController");
    assert.ok(fix, fixes.map((a) => a.title).join(" | "));
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    await until(() => !vscode.languages.getDiagnostics(routesUri).some(missing), "the warning to go once the action exists");
    // Leave the controller as it was on disk.
    const edited = vscode.Uri.file(path.join(root, "app/controllers/orders_controller.rb"));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(edited));
    await vscode.commands.executeCommand("workbench.action.files.revert");
  });

  it("has a walkthrough: open a routes file, hover a helper, see a code lens, show the routes table, each step checked off once done", async () => {
    const extension = vscode.extensions.getExtension("routemap.routemap");
    const [walkthrough] = extension.packageJSON.contributes.walkthroughs;
    assert.deepEqual(walkthrough.steps.map((s) => s.id), ["openRoutesFile", "hoverHelper", "codeLens", "showRoutesTable"]);
    const commands = await vscode.commands.getCommands(true);
    const keys = Object.values(api.walkthrough.keys);
    for (const step of walkthrough.steps) {
      const linked = /\(command:([\w.]+)\)/.exec(step.description)?.[1];
      assert.ok(commands.includes(linked), `${step.id}: its button runs ${linked}, a command the extension registers`);
      assert.ok(require("node:fs").existsSync(path.join(extension.extensionPath, step.media.image)), `${step.id}: ${step.media.image} is in the VSIX`);
      for (const event of step.completionEvents) {
        const [kind, name] = event.split(":");
        assert.ok(kind === "onCommand" ? commands.includes(name) : kind === "onContext" && keys.includes(name), `${step.id}: ${event} is a command or a key the extension sets`);
      }
    }
    // The walkthrough opens, as from Help > Welcome > Walkthroughs.
    await vscode.commands.executeCommand("workbench.action.closeAllEditors");
    await vscode.commands.executeCommand("workbench.action.openWalkthrough", "routemap.routemap#gettingStarted", false);
    await retry(() => /Welcome|Walkthrough/.test(vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? ""), "the walkthrough's page");

    await vscode.commands.executeCommand("routemap.openRoutesFile");
    assert.equal(vscode.window.activeTextEditor.document.uri.fsPath, routesUri.fsPath);
    assert.ok(api.walkthrough.done.has("routesFile"));

    // The step's button: a view that calls a helper, the cursor on the call, its hover shown.
    await vscode.commands.executeCommand("routemap.walkthrough.hoverHelper");
    const view = vscode.window.activeTextEditor;
    assert.match(view.document.uri.fsPath, /\/app\/(views|controllers|helpers)\//);
    assert.match(view.document.getText(view.document.getWordRangeAtPosition(view.selection.active)), /_(path|url)$/);
    await retry(() => api.walkthrough.done.has("helperHover"), "the helper's hover to check its step");

    await vscode.commands.executeCommand("routemap.walkthrough.openController");
    const controller = vscode.window.activeTextEditor.document.uri;
    assert.match(controller.fsPath, /_controller\.rb$/);
    await retry(() => api.walkthrough.done.has("codeLens"), "the controller's code lenses to check their step");

    const table = await vscode.commands.executeCommand("routemap.showRoutesTable");
    assert.match(table.getText(), /Prefix Verb/);
  });

  it("says in the status bar when checks are off or partial, and Show Why Checks Are Off opens the cause", async () => {
    const document = await vscode.workspace.openTextDocument(routesUri);
    const editor = await vscode.window.showTextDocument(document);
    const line = document.getText().split("\n").findIndex((l) => l.includes('root "storefront#index"'));
    // A call Routemap does not know, under a namespace: the admin_… names are not checked.
    await editor.edit((e) => e.insert(new vscode.Position(line, 0), "  namespace :admin do\n    draw_reports\n  end\n"));
    const item = api.status();
    const trusted = vscode.workspace.isTrusted;
    const cause = /config\/routes\.rb:\d+: Unknown method `draw_reports`: Routemap does not know the routes it adds\. — not checked: helper calls named admin_/;
    await retry(() => (cause.test(String(item.tooltip)) ? true : undefined), `the tooltip to give the cause (${item.tooltip})`);
    // Restricted Mode reads no installed gem: every helper check is off, and the tooltip says why too.
    // (Trusted: the admin_… names are unchecked, so the app's checks are partial.)
    assert.match(item.text, trusted ? / routes · checks partial$/ : / routes · helper checks off$/);
    if (!trusted) assert.match(String(item.tooltip), /in restricted mode Routemap reads nothing outside it/);
    assert.equal(typeof item.command === "string" ? item.command : item.command?.command, "routemap.showUncheckedCauses");
    const info = await until(() => vscode.languages.getDiagnostics(routesUri).find((d) => /Not checked because of this: helper calls named admin_/.test(d.message)), "the info at the call");
    assert.equal(info.range.start.line, line + 1);
    // The command lists the causes; the one picked opens at its place (from another file).
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(viewUri));
    const shown = vscode.commands.executeCommand("routemap.showUncheckedCauses");
    // The quick pick opens once the server has answered: accepted when it does (the region's cause first).
    const picked = await retry(async () => {
      await vscode.commands.executeCommand("workbench.action.acceptSelectedQuickOpenItem");
      return Promise.race([shown, new Promise((r) => setTimeout(() => r(undefined), 200))]);
    }, "the quick pick of causes");
    assert.equal(picked.code, "open-region");
    await retry(() => vscode.window.activeTextEditor?.document.uri.fsPath === routesUri.fsPath, "the routes file opened at the cause");
    assert.equal(vscode.window.activeTextEditor.selection.start.line, line + 1);
    // The call removed: its cause goes from the tooltip.
    const opened = vscode.window.activeTextEditor;
    await opened.edit((e) => e.delete(new vscode.Range(line, 0, line + 3, 0)));
    await retry(() => (!cause.test(String(item.tooltip)) ? true : undefined), `the cause to go (${item.tooltip})`);
    await vscode.commands.executeCommand("workbench.action.files.revert");
  });
});
