/**
 * DSL calls as the editor features see them: each call evaluated is recorded with the range
 * of routes it drew and the conditions it ran under; spans and literal arguments are worked
 * out from the call's node when first asked.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { SourceRef } from "../mapper/state.js";
import type { LineIndex } from "../ruby/lineIndex.js";
import type { Declaration, LiteralArgument, Span } from "../types.js";
import type { Condition } from "./branches.js";

type Node = N.Node;

const NO_CONDITIONS: readonly Condition[] = [];

/** The span of a call without its block: `get "x", to: "y#z"`. */
export function callSpan(node: N.CallNode, index: LineIndex): Span {
  const start = node.location.startOffset;
  let end = node.messageLoc ? node.messageLoc.startOffset + node.messageLoc.length : start + node.location.length;
  if (node.closingLoc) end = Math.max(end, node.closingLoc.startOffset + node.closingLoc.length);
  const args = node.arguments_?.arguments_ ?? [];
  const last = args[args.length - 1];
  if (last) end = Math.max(end, last.location.startOffset + last.location.length);
  return index.span(start, end);
}

/** What a declaration works out when first asked (most are never asked). */
interface DeclarationCache {
  /** The method called and where, for a record whose call is not parsed yet (`lazy`). */
  method?: string;
  offset?: number;
  span?: Span;
  extent?: Span;
  label?: string;
  literals?: LiteralArgument[];
}

/**
 * A DSL call, recorded for the editor features; while it runs, it is also the source of the
 * routes it draws (`SourceRef`), and holds the conditions they were drawn under. Its spans and
 * literals are worked out on first read.
 */
export class DeclarationRecord implements Declaration, SourceRef {
  // One per DSL call. The fields are the constructor's assignments, all of them, in one order
  // (`declare`), not ES2022 class fields, each a [[Define]] in a field initialiser before the
  // constructor's stores (docs/benchmarks.md, coldmap); every record has every field from the start.
  /** The call, or what finds it in its file's parse when first asked (`lazy`). */
  private declare node: N.CallNode | (() => N.CallNode);
  private declare readonly index: LineIndex;
  /** The undecidable conditions in force when the call ran: its routes exist only where they hold. */
  declare readonly conditions: readonly Condition[];
  declare engine?: string;
  declare origin?: string;
  declare drawnFiles?: string[];
  /** The method Routemap does not know whose block the call is in (`SourceRef.unknownScope`). */
  declare unknownScope?: string;
  declare definedAt?: Span;
  private declare firstRoute: number;
  private declare endRoute: number;
  // One field, not four: every record lives as long as its result, and the collector copies each.
  private declare cache: DeclarationCache | undefined;

  constructor(node: N.CallNode | (() => N.CallNode), index: LineIndex, conditions: readonly Condition[]) {
    this.node = node;
    this.index = index;
    this.conditions = conditions;
    this.engine = undefined;
    this.origin = undefined;
    this.drawnFiles = undefined;
    this.definedAt = undefined;
    this.unknownScope = undefined;
    this.firstRoute = 0;
    this.endRoute = 0;
    this.cache = undefined;
  }

  /**
   * A call of a file replayed from a recording kept between sessions (`drawMemoStore.ts`), whose
   * file is parsed only when something asks for the call's node: `find` finds it then.
   */
  static lazy(method: string, offset: number, find: () => N.CallNode, index: LineIndex): DeclarationRecord {
    const record = new DeclarationRecord(find, index, NO_CONDITIONS);
    record.cache = { method, offset };
    return record;
  }

  /** Where the call starts (a byte offset in its file), without parsing a `lazy` record's file. */
  get callStart(): number {
    const node = this.node;
    return typeof node === "function" ? this.cache!.offset! : node.location.startOffset;
  }

  private get call(): N.CallNode {
    const node = this.node;
    return typeof node === "function" ? (this.node = node()) : node;
  }

  /** The call and its file's lines (a gem's code it runs declares it again, `Interpreter.callGemObject`). */
  callSite(): { node: N.CallNode; index: LineIndex } {
    return { node: this.call, index: this.index };
  }

  /** Indexes of the routes it drew, in the route list: `[first, end)`. */
  get routeRange(): [number, number] {
    return [this.firstRoute, this.endRoute];
  }
  routesEnd(first: number, end: number): void {
    this.firstRoute = first;
    this.endRoute = end;
  }
  get method(): string {
    const node = this.node;
    return typeof node === "function" ? this.cache!.method! : callName(node);
  }
  get file(): string {
    return this.index.file;
  }
  get span(): Span {
    return ((this.cache ??= {}).span ??= callSpan(this.call, this.index));
  }
  get extent(): Span {
    const loc = this.call.location;
    return ((this.cache ??= {}).extent ??= this.index.span(loc.startOffset, loc.startOffset + loc.length));
  }
  get label(): string {
    const cache = (this.cache ??= {});
    if (cache.label === undefined) {
      const node = this.call;
      const first = node.arguments_?.arguments_[0];
      const text = first ? this.index.slice(first.location.startOffset, first.location.startOffset + first.location.length) : "";
      cache.label = (text ? `${callName(node)} ${text}` : callName(node)).replace(/\s+/g, " ").slice(0, 80);
    }
    return cache.label;
  }
  get literals(): LiteralArgument[] {
    return ((this.cache ??= {}).literals ??= literalArguments(this.call.arguments_?.arguments_ ?? [], this.index));
  }
  /**
   * The same call recorded again, its routes `shift` rows further on: what a replayed draw
   * (`drawMemo.ts`) records. What was worked out on first read holds for the copy too.
   */
  shifted(shift: number): DeclarationRecord {
    const copy = new DeclarationRecord(this.node, this.index, this.conditions);
    copy.routesEnd(this.firstRoute + shift, this.endRoute + shift);
    copy.engine = this.engine;
    copy.origin = this.origin;
    copy.drawnFiles = this.drawnFiles;
    copy.definedAt = this.definedAt;
    copy.unknownScope = this.unknownScope;
    copy.cache = this.cache;
    return copy;
  }

  /** Plain data for JSON: the getters are not own properties. */
  toJSON(): Declaration {
    const { method, label, file, span, extent, routeRange, engine, literals, drawnFiles, definedAt, origin } = this;
    const conditions = this.conditions.length ? this.conditions.map(({ text, holds }) => ({ text, holds })) : undefined;
    return { method, label, file, span, extent, routeRange, engine, literals, drawnFiles, definedAt, origin, ...(conditions ? { conditions } : {}) };
  }
}

/** String and symbol literals among a call's arguments, with the option key they sit under. */
function literalArguments(args: Node[], index: LineIndex): LiteralArgument[] {
  const out: LiteralArgument[] = [];
  const add = (node: Node, key?: string) => {
    const span = () => index.span(node.location.startOffset, node.location.startOffset + node.location.length);
    if (node instanceof N.StringNode) out.push({ key, value: node.unescaped.value, kind: "string", span: span() });
    else if (node instanceof N.SymbolNode) out.push({ key, value: node.unescaped.value, kind: "symbol", span: span() });
    else if (node instanceof N.ArrayNode) node.elements.forEach((el) => add(el, key));
  };
  for (const arg of args) {
    if (arg instanceof N.KeywordHashNode || arg instanceof N.HashNode) {
      for (const el of arg.elements) {
        if (!(el instanceof N.AssocNode)) continue;
        if (el.key instanceof N.SymbolNode) add(el.value, el.key.unescaped.value);
        // `"photos" => "photos#index"`: the path is positional, the target is `to`.
        else if (el.key instanceof N.StringNode) {
          add(el.key);
          add(el.value, "to");
        }
      }
    } else add(arg);
  }
  return out;
}

/** The call's method; `super` for a `super` that reached the DSL (a `def resources` of the draw block calling Rails'). */
const callName = (node: N.CallNode): string => node.name ?? "super";
