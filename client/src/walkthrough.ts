/**
 * The "Get Started with Routemap" walkthrough (`contributes.walkthroughs` in package.json): open
 * a routes file, hover a URL helper, see the routes above a controller's actions, show the routes
 * table. Each step has a command that does it in the user's app, and is checked off when the user
 * has done it, by whatever way: the context keys below are set as it happens (a helper's hover or
 * a code lens answered by the server, a routes file opened).
 */
import * as vscode from "vscode";
import type { Middleware } from "vscode-languageclient/node";

/** The steps done, by id; the same names as the `onContext:` completion events of package.json. */
export const STEP_KEYS = {
  routesFile: "routemap.walkthrough.openedRoutesFile",
  helperHover: "routemap.walkthrough.hoveredHelper",
  codeLens: "routemap.walkthrough.sawCodeLens",
} as const;

const EXCLUDE = "{**/node_modules/**,**/vendor/**,**/tmp/**,**/.git/**}";
/** A URL helper call as views write it: `edit_post_path`, `main_app.root_url`. */
const HELPER = /\b[a-z_][a-z0-9_]*_(?:path|url)\b/;

export class Walkthrough {
  readonly keys = STEP_KEYS;
  /** The steps done in this window, for tests (context keys cannot be read back). */
  readonly done = new Set<keyof typeof STEP_KEYS>();

  mark(step: keyof typeof STEP_KEYS): void {
    if (this.done.has(step)) return;
    this.done.add(step);
    void vscode.commands.executeCommand("setContext", STEP_KEYS[step], true);
  }

  /** The language client's middleware: a helper's hover or a code lens, once shown, checks its step. */
  middleware(): Middleware {
    return {
      provideHover: async (document, position, token, next) => {
        const hover = await next(document, position, token);
        if (hover && hover.contents.some((c) => /^\*\*\w+_(?:path|url)\*\*/.test(typeof c === "string" ? c : c.value))) this.mark("helperHover");
        return hover;
      },
      provideCodeLenses: async (document, token, next) => {
        const lenses = await next(document, token);
        if (lenses?.length) this.mark("codeLens");
        return lenses;
      },
    };
  }

  /** Checks the first step off when a routes file is shown, however it was opened. */
  watchEditors(): vscode.Disposable {
    const check = (editor: vscode.TextEditor | undefined) => {
      if (editor && isRoutesFile(editor.document.uri)) this.mark("routesFile");
    };
    check(vscode.window.activeTextEditor);
    return vscode.window.onDidChangeActiveTextEditor(check);
  }

  commands(): vscode.Disposable[] {
    return [
      vscode.commands.registerCommand("routemap.openRoutesFile", () => openRoutesFile()),
      vscode.commands.registerCommand("routemap.walkthrough.hoverHelper", () => hoverHelper()),
      vscode.commands.registerCommand("routemap.walkthrough.openController", () => openController()),
    ];
  }
}

function isRoutesFile(uri: vscode.Uri): boolean {
  return uri.scheme === "file" && /[\\/]config[\\/]routes(?:\.rb|[\\/].*\.rb)$/.test(uri.fsPath);
}

/** `Routemap: Open Routes File`: the app's `config/routes.rb` (the outermost app's, when there are several). */
export async function openRoutesFile(): Promise<vscode.TextEditor | undefined> {
  const files = await vscode.workspace.findFiles("**/config/routes.rb", EXCLUDE, 50);
  const [file] = files.sort((a, b) => a.fsPath.length - b.fsPath.length);
  if (!file) {
    void vscode.window.showInformationMessage("Routemap found no config/routes.rb in this workspace.");
    return undefined;
  }
  return vscode.window.showTextDocument(file);
}

/** Opens a view that calls a URL helper, with the cursor on the call, and shows its hover. */
async function hoverHelper(): Promise<vscode.TextEditor | undefined> {
  for (const file of await vscode.workspace.findFiles("**/app/{views,controllers,helpers}/**/*.{erb,haml,slim,rb}", EXCLUDE, 200)) {
    const document = await vscode.workspace.openTextDocument(file);
    const match = HELPER.exec(document.getText());
    if (!match) continue;
    const at = document.positionAt(match.index + Math.floor(match[0].length / 2));
    const editor = await vscode.window.showTextDocument(document, { selection: new vscode.Range(at, at) });
    await vscode.commands.executeCommand("editor.action.showHover");
    return editor;
  }
  void vscode.window.showInformationMessage("Routemap found no view, controller or helper calling a URL helper (such as posts_path) in this workspace.");
  return undefined;
}

/** Opens a controller of the app at its first action: the routes that reach it show above it. */
async function openController(): Promise<vscode.TextEditor | undefined> {
  const files = await vscode.workspace.findFiles("**/app/controllers/**/*_controller.rb", EXCLUDE, 200);
  for (const file of files.filter((f) => !f.fsPath.endsWith("application_controller.rb")).sort((a, b) => a.fsPath.localeCompare(b.fsPath))) {
    const document = await vscode.workspace.openTextDocument(file);
    const line = document.getText().split("\n").findIndex((l) => /^\s*def\s+\w/.test(l));
    if (line < 0) continue;
    const at = new vscode.Position(line, 0);
    return vscode.window.showTextDocument(document, { selection: new vscode.Range(at, at) });
  }
  void vscode.window.showInformationMessage("Routemap found no controller with an action in this workspace.");
  return undefined;
}
