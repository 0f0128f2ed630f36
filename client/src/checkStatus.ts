/**
 * Where checks are off or partial, said where the user looks: the status bar item's text and
 * tooltip, and `Routemap: Show Why Checks Are Off`, a quick pick of the causes that opens the
 * one picked at its place. The server says which checks each cause turns off
 * (`routemap/didChangeRoutes`'s `status`, `routemap/status`).
 */
import * as vscode from "vscode";
import type { AppCheckStatus, CheckCause, RoutesChanged } from "./protocol.js";

export const SHOW_UNCHECKED_COMMAND = "routemap.showUncheckedCauses";

/** The words after the route count (the server's: "helper checks off"), the most severe app's; none when every check runs. */
export function statusSuffix(apps: readonly RoutesChanged[]): string {
  const statuses = apps.map((a) => a.status).filter((s): s is AppCheckStatus => !!s);
  const worst = statuses.find((s) => s.checks === "off") ?? statuses.find((s) => s.checks === "partial");
  return worst?.summary ?? "";
}

/** The tooltip's lines on the causes: each reason, and what it turns off. */
export function statusTooltip(apps: readonly RoutesChanged[]): string {
  const lines: string[] = [];
  for (const app of apps) {
    const status = app.status;
    if (!status || status.checks === "on") continue;
    const name = app.root.split(/[\\/]/).pop();
    lines.push(`${apps.length > 1 ? `${name}: ` : ""}${status.checks === "off" ? "some checks are off" : "some checks are partial"} (${status.total} cause${status.total === 1 ? "" : "s"}):`);
    for (const cause of status.causes.slice(0, 5)) lines.push(`• ${where(cause)}${cause.reason} — not checked: ${cause.notChecked[0]}${cause.notChecked.length > 1 ? ", …" : ""}`);
    if (status.total > 5) lines.push(`• and ${status.total - 5} more`);
  }
  return lines.length ? `${lines.join("\n")}\nClick to show why checks are off.` : "";
}

function where(cause: CheckCause): string {
  if (!cause.uri || !cause.range) return "";
  const file = vscode.workspace.asRelativePath(vscode.Uri.parse(cause.uri));
  return `${file}:${cause.range.start.line + 1}: `;
}

interface CausePick extends vscode.QuickPickItem {
  cause: CheckCause;
}

/** The quick pick of the causes; the one picked opens at its place. `statuses`: the server's answer. */
export async function showUncheckedCauses(statuses: (AppCheckStatus & { root: string })[]): Promise<CheckCause | undefined> {
  const items: CausePick[] = statuses.flatMap((app) =>
    app.causes.map((cause) => ({
      label: cause.reason,
      description: cause.uri && cause.range ? where(cause).replace(/: $/, "") : statuses.length > 1 ? app.root : undefined,
      detail: `Not checked: ${cause.notChecked.join("; ")}`,
      cause,
    })),
  );
  // Causes with a place first: those the pick can open.
  items.sort((a, b) => Number(!a.cause.uri) - Number(!b.cause.uri));
  if (!items.length) {
    void vscode.window.showInformationMessage("Routemap: every check runs.");
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(items, { title: "Why Routemap's checks are off", matchOnDescription: true, matchOnDetail: true });
  if (!picked) return undefined;
  const { uri, range } = picked.cause;
  if (uri && range) {
    const selection = new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
    await vscode.window.showTextDocument(vscode.Uri.parse(uri), { selection });
  }
  return picked.cause;
}
