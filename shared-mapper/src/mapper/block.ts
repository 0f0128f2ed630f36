/** Ruby's `yield` and `extract_options!`, as the mapper methods use them. */
import { RHash, RProc, RValue } from "../ruby/values.js";
import { routingError } from "./errors.js";

/** `yield` with no block given raises LocalJumpError in Ruby. */
export function yieldTo(block: RProc | null, args: RValue[] = []): void {
  if (!block) throw routingError("no block given (yield)", "LocalJumpError");
  block.call(args);
}

/** `Array#extract_options!`: removes and returns a trailing Hash, or a new empty one. */
export function extractOptions(args: RValue[]): RHash {
  const last = args[args.length - 1];
  if (last instanceof RHash) {
    args.pop();
    return last;
  }
  return new RHash();
}

/** Ruby's ArgumentError for a call with the wrong number of positional arguments. */
export function checkArity(args: RValue[], min: number, max: number): void {
  if (args.length < min || args.length > max) {
    const expected = min === max ? `${min}` : max === Infinity ? `${min}+` : `${min}..${max}`;
    throw routingError(`wrong number of arguments (given ${args.length}, expected ${expected})`);
  }
}
