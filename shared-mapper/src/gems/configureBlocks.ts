/**
 * A gem's settings as an app's files write them, read without running them: in
 * `Gem.configure do |config| … end` (the block's parameter) or on `Gem.configuration` — the
 * shape Avo's and jsonapi-resources' configuration take (avo.ts, jsonapiResourceClasses.ts).
 */
import * as N from "@ruby/prism/src/nodes.js";
import { constantPathText } from "../ruby/walk.js";

/** Whether `node` is the constant `name` (`Avo` or `::Avo`). */
export const isConstant = (node: N.Node | null, name: string): boolean => node !== null && constantPathText(node)?.replace(/^::/, "") === name;

/** The names in scope for the configuration: the outer ones and `Gem.configure do |config|`'s parameter. */
export function configureParameter(call: N.CallNode, outer: Set<string>): Set<string> {
  const params = call.block instanceof N.BlockNode && call.block.parameters instanceof N.BlockParametersNode ? call.block.parameters.parameters : null;
  const first = params?.requireds[0];
  return first instanceof N.RequiredParameterNode ? new Set([...outer, first.name]) : outer;
}

/** The configuration of the gem whose constant is `gem`: `configure`'s block parameter, or `Gem.configuration`; never another local. */
export function isConfiguration(receiver: N.Node | null, configs: Set<string>, gem: string): boolean {
  if (receiver instanceof N.LocalVariableReadNode) return configs.has(receiver.name);
  return receiver instanceof N.CallNode && receiver.name === "configuration" && isConstant(receiver.receiver, gem);
}
