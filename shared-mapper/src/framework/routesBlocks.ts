/**
 * Routes blocks the app's configuration hands the application's route set (actionpack 6.1
 * route_set.rb `append`/`prepend`: each block is kept, and drawn when the routes are, `prepend`s
 * first (`clear!`), `append`s after every routes file (`finalize!`)): `Rails.application.routes.append
 * do … end` in an initializer, `app.routes.append { … }` in config/application.rb's
 * `config.after_initialize do |app|` (teaching-vacancies' catch-all route).
 *
 * railties 6.1's Finisher runs the `after_initialize` blocks (`finisher_hook`) after it prepends
 * its own `/rails/info` routes (`add_builtin_route`) and before the routes are loaded
 * (`set_routes_reloader_hook`): a block kept there comes after the framework's prepended routes,
 * one kept by an initializer or the application's body before them.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { childrenOf, constantPathText } from "../ruby/walk.js";

export interface ConfigRoutesBlock {
  file: LoadedFile;
  block: N.BlockNode;
  kind: "append" | "prepend";
  /** Kept by a `config.after_initialize` block (railties runs those after its own prepended routes). */
  afterInitialize: boolean;
}

/** A config file that may keep such a block: its text names the route set's `append` or `prepend`. */
export const KEEPS_ROUTES_BLOCK = /\broutes\s*\.\s*(?:append|prepend)\b/;

/** The blocks `files` keep, in the order Ruby runs their calls (files in the order given). */
export function configRoutesBlocks(files: readonly LoadedFile[]): ConfigRoutesBlock[] {
  const found: ConfigRoutesBlock[] = [];
  for (const file of files) {
    const visit = (node: N.Node, appParam: string | undefined): void => {
      if (node instanceof N.CallNode && (node.name === "append" || node.name === "prepend") && node.block instanceof N.BlockNode && isApplicationRoutes(node.receiver, appParam)) {
        found.push({ file, block: node.block, kind: node.name, afterInitialize: appParam !== undefined });
        return;
      }
      // A `def` runs only when called: what it would keep is not the boot's.
      if (node instanceof N.DefNode) return;
      // In `config.after_initialize do |app|`, the block's parameter is the application ("": none named).
      const inner = node instanceof N.CallNode && node.name === "after_initialize" && node.block instanceof N.BlockNode ? (firstParameter(node.block) ?? "") : appParam;
      for (const child of childrenOf(node)) visit(child, inner);
    };
    visit(file.program, undefined);
  }
  return found;
}

/** `Rails.application.routes`, `MyApp::Application.routes`, or an `after_initialize` block's `app.routes`: the application's, not an engine's. */
function isApplicationRoutes(node: N.Node | null, appParam: string | undefined): boolean {
  if (!(node instanceof N.CallNode) || node.name !== "routes" || node.arguments_ || node.block) return false;
  const owner = node.receiver;
  if (owner instanceof N.CallNode && owner.name === "application" && owner.receiver && constantPathText(owner.receiver)?.replace(/^::/, "") === "Rails") return true;
  if (owner instanceof N.LocalVariableReadNode) return appParam !== undefined && owner.name === appParam;
  const constant = owner ? constantPathText(owner) : undefined;
  return constant !== undefined && /(?:^|::)Application$/.test(constant);
}

function firstParameter(block: N.BlockNode): string | undefined {
  const params = block.parameters instanceof N.BlockParametersNode ? block.parameters.parameters : null;
  const first = params?.requireds[0];
  return first instanceof N.RequiredParameterNode ? first.name : undefined;
}
