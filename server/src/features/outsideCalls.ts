/**
 * Controller methods the app's code calls from outside the controller (`controller.x` in a
 * helper, a view or lib/): Ruby raises NoMethodError on such a call of a private or protected
 * method, so the unreached-action hint (shared-mapper app/checks.ts `unreachedMessage`) does not
 * tell the developer to make one private. Shared by `routemap check` and the editor.
 */
import type { UnreachedAction } from "@routemap/shared-mapper";

/**
 * The unreached actions with the calls the app's code makes of them on a controller from outside
 * it (`controller.current_menu_item` in Redmine's menu helper): those must stay public, which
 * the hint then says instead of a fix. `root`: the paths said relative to it.
 */
export function withOutsideCalls(unreached: UnreachedAction[], calls: ReadonlyMap<string, { path: string; line: number }>, root: string): UnreachedAction[] {
  if (!calls.size) return unreached;
  return unreached.map((u) => {
    const call = calls.get(u.action);
    if (!call) return u;
    const where = `${call.path.startsWith(root + "/") ? call.path.slice(root.length + 1) : call.path}:${call.line + 1}`;
    return { ...u, calledAs: { call: `controller.${u.action}`, where } };
  });
}
