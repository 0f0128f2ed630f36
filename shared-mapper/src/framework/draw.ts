/**
 * Routes that Rails or a gem draws, written in TypeScript the way their routes files are
 * written in Ruby: each call builds the arguments Ruby would pass (`get "/x" => "c#a", as: :n`
 * is one Hash) and goes through the same mapper unit as the app's own call.
 */
import { httpVerb } from "../mapper/base.js";
import { direct, resolve } from "../mapper/customUrls.js";
import { resources } from "../mapper/resources.js";
import { scope } from "../mapper/scoping.js";
import type { Call, MapperState } from "../mapper/state.js";
import { RHash, RProc, RValue, sym } from "../ruby/values.js";

/** Options as Ruby keywords: keys are symbols, string values stay strings, `sym("x")` for `:x`. */
export type Options = Record<string, RValue | RValue[] | string[]>;

/** Keyword arguments: `kw({ as: sym("x") })` is Ruby's `as: :x`. */
export function kw(options: Options, first?: [string, string]): RHash {
  const h = new RHash();
  if (first) h.set(first[0], first[1]);
  for (const [key, value] of Object.entries(options)) h.set(sym(key), Array.isArray(value) ? value : value);
  return h;
}

const noBlock = null;
/** A block whose body is TypeScript. */
export const block = (body: () => void) => new RProc(() => (body(), null), false, () => "#<Proc>");

/** Calls a mapper unit as Ruby would: positional arguments (keywords last, as a Hash) and a block. */
export function invoke(m: MapperState, unit: (m: MapperState, call: Call) => void, args: RValue[], body?: () => void): void {
  unit(m, { args, block: body ? block(body) : noBlock });
}

export class Drawer {
  constructor(private readonly m: MapperState) {}

  /** `get "path" => "controller#action", **options` */
  get(path: string, to: string, options: Options = {}): void {
    httpVerb(this.m, "get", { args: [kw(options, [path, to])], block: noBlock });
  }
  post(path: string, to: string, options: Options = {}): void {
    httpVerb(this.m, "post", { args: [kw(options, [path, to])], block: noBlock });
  }
  put(path: string, to: string, options: Options = {}): void {
    httpVerb(this.m, "put", { args: [kw(options, [path, to])], block: noBlock });
  }
  /** `get "path", to: "c#a", **options` */
  getPath(path: string, options: Options): void {
    httpVerb(this.m, "get", { args: [path, kw(options)], block: noBlock });
  }
  postPath(path: string, options: Options): void {
    httpVerb(this.m, "post", { args: [path, kw(options)], block: noBlock });
  }
  scope(path: string | undefined, options: Options, body: () => void): void {
    const args: RValue[] = path === undefined ? [] : [path];
    args.push(kw(options));
    scope(this.m, { args, block: block(body) });
  }
  resources(name: string, options: Options = {}): void {
    resources(this.m, { args: [sym(name), kw(options)], block: noBlock });
  }
  /** `direct :name do ... end`: the block is Rails' to run when the helper is called. */
  direct(name: string): void {
    direct(this.m, { args: [sym(name)], block: block(() => undefined) });
  }
  resolve(className: string): void {
    resolve(this.m, { args: [className], block: block(() => undefined) });
  }
}
