/**
 * Routes blocks the app's configuration keeps for the application's route set, as the
 * configuration runs (actionpack 6.1 route_set.rb): `append(&block)` and `prepend(&block)`
 * only push the block (`@append << block`), each with its closure, as Ruby keeps it; railties'
 * RoutesReloader then draws them: `clear!` evaluates `@prepend`, the routes files run, and
 * `finalize!` evaluates `@append` (an `append` made while it does is drawn too, at the end:
 * `Array#each` reaches it). A `prepend` made after `clear!` waits for the next reload: Rails
 * 6.1 (and 7.x, 8.0) never draw it at boot.
 *
 * `config.after_initialize` blocks (railties' Finisher `finisher_hook`) run after every
 * initializer and after Rails' own prepended routes, before the routes are loaded: the ones
 * that keep routes blocks are kept here to run then (index.ts `mapRoutes` draws them all, in railties' order).
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import type { Span } from "../types.js";
import { RProc, RUnknown } from "../ruby/values.js";
import type { Condition } from "./branches.js";

/** Where the route set's blocks are in railties' loading: what `append` and `prepend` do now. */
export type RoutesPhase =
  /** The configuration runs: blocks are kept. */
  | "boot"
  /** `clear!` evaluates the kept `prepend`s: a `prepend` now is reached by the same `each`. */
  | "prepend"
  /** The routes files run (or a routes file mapped alone). */
  | "files"
  /** `finalize!` evaluates the `append`s: a `prepend` now is never drawn at boot. */
  | "append";

export interface KeptRoutesBlock {
  kind: "append" | "prepend";
  /** The block, or what Routemap cannot know of it (`append(&blk)` of an unknown value). */
  proc: RProc | RUnknown;
  /** The file of the `append` call, and the call. */
  file: LoadedFile;
  span: Span;
  /** The conditions Routemap could not decide around the call: the block's routes hold only there. */
  conditions: readonly Condition[];
  /** Kept by a `config.after_initialize` block (drawn after Rails' own prepended routes). */
  afterInitialize: boolean;
  /** The configuration file that was running (its place among the initializers orders the blocks). */
  bootFile: string;
}

/** An `after_initialize` block of the configuration that keeps routes blocks, run when Rails runs it. */
export interface AfterInitializeBlock {
  proc: RProc;
  conditions: readonly Condition[];
  bootFile: string;
  /** The file whose `config.after_initialize` call it is. */
  file: LoadedFile;
}

export class KeptRoutes {
  /** "files" until the app's configuration runs (a routes file mapped alone keeps nothing). */
  phase: RoutesPhase = "files";
  /** While an `after_initialize` block runs. */
  afterInitialize = false;
  readonly blocks: KeptRoutesBlock[] = [];
  readonly afterInitializeBlocks: AfterInitializeBlock[] = [];
  /** `prepend`s made while the kept `prepend`s are drawn: `@prepend.each` reaches them last. */
  readonly latePrepends: KeptRoutesBlock[] = [];
}

/** A file's text keeps a routes block: it names the route set's `append` or `prepend`. */
export const KEEPS_ROUTES_BLOCK = /\broutes\s*\.\s*(?:append|prepend)\b/;

/** A file's text sets what a route set's draws start from (`routes.default_scope = …`, `routes.resources_path_names[:new] = …`). */
export const SETS_ROUTE_SET = /\broutes\s*\.\s*(?:default_scope\s*=[^=~]|resources_path_names\b)/;

/** `config.after_initialize do … end` whose block keeps routes blocks (its text names them). */
export function keepsRoutesBlocks(block: N.Node | null, text: (node: N.Node) => string): boolean {
  return block instanceof N.BlockNode && KEEPS_ROUTES_BLOCK.test(text(block));
}

/** The kept blocks in the order Ruby kept them: by configuration file (railties runs them in `order`), then as run. */
export function inBootOrder(blocks: readonly KeptRoutesBlock[], order: readonly string[]): KeptRoutesBlock[] {
  const place = (b: KeptRoutesBlock) => {
    const i = order.indexOf(b.bootFile);
    return i < 0 ? order.length : i;
  };
  return blocks.map((b, i) => ({ b, i })).sort((x, y) => place(x.b) - place(y.b) || x.i - y.i).map(({ b }) => b);
}

/** The block a kept proc runs as, with the mapper as `self` (RouteSet#eval_block's `instance_exec`); undefined when Routemap cannot rebind it. */
export function onMapper(proc: RProc | RUnknown): RProc | undefined {
  return proc instanceof RProc && proc.withSelf ? proc.withSelf({ kind: "mapper" }) : undefined;
}
