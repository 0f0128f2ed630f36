/**
 * Node handlers: how each kind of Prism node is evaluated. Each module of the interpreter
 * lists its handlers; the interpreter gathers them into one table, by node class.
 */
import type { RValue } from "../ruby/values.js";
import type { Env } from "./env.js";
import type { Evaluator, Node } from "./evaluator.js";

export type NodeClass = abstract new (...args: never[]) => Node;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Handler = (it: Evaluator, node: any, env: Env) => RValue;
export type Handlers = [NodeClass, Handler][];

/** One table of every module's handlers. */
export function handlerTable(...lists: Handlers[]): Map<NodeClass, Handler> {
  const table = new Map<NodeClass, Handler>();
  for (const list of lists) for (const [cls, fn] of list) table.set(cls, fn);
  return table;
}
