/**
 * Both sides of a condition Routemap cannot decide. The evaluator runs each branch in turn
 * under that condition (and its negation), records what each one changes, undoes it, and
 * then joins: a value both branches leave alike stays known; one they leave different is
 * unknown from there on ("depends on `ENV["M"]`"). Routes each branch draws keep the
 * condition they were drawn under, so two that cannot both be drawn never collide.
 *
 * The `Store` is where every change a branch can make goes through: variables (a map and a
 * key), and objects changed in place (an array appended to, a string `<<`ed). A change
 * made while a branch is being recorded is logged once, with the value before it.
 */
import { RHash, RObject, RSet, RString, RStruct, RUnknown, RValue, poison, requal, RFloat, RSymbol, RRegexp } from "../ruby/values.js";

/** A decision Routemap could not make, as a route or a branch holds it. */
export interface Condition {
  /** Stands for the same condition wherever it is met again (`ENV["M"] == "true"`). */
  readonly key: string;
  /** The condition as written. */
  readonly text: string;
  /** Whether the branch is the one where the condition holds. */
  readonly holds: boolean;
}

const ABSENT = Symbol("absent");
type Old = RValue | typeof ABSENT;
/** The contents of an object changed in place, copied before the change. */
type Contents = { kind: "array"; items: RValue[] } | { kind: "hash"; copy: RHash } | { kind: "string"; value: string; frozen: boolean } | { kind: "set"; items: RValue[] } | { kind: "struct"; values: RValue[] };

export class Segment {
  readonly maps = new Map<Map<string, RValue>, Map<string, Old>>();
  readonly objects = new Map<object, Contents>();
}

/** What a branch left: each logged variable's value and each changed object's contents. */
export interface Outcome {
  maps: Map<Map<string, RValue>, Map<string, Old>>;
  objects: Map<object, Contents>;
}

export class Store {
  private readonly segments: Segment[] = [];

  get recording(): boolean {
    return this.segments.length > 0;
  }

  /** How many segments are being recorded (branches under way, and exits taken in one world). */
  get depth(): number {
    return this.segments.length;
  }

  /** Sets a variable, logging its old value in the segment being recorded. */
  set(map: Map<string, RValue>, key: string, value: RValue): void {
    const seg = this.segments[this.segments.length - 1];
    if (seg) {
      let log = seg.maps.get(map);
      if (!log) seg.maps.set(map, (log = new Map()));
      if (!log.has(key)) log.set(key, map.has(key) ? map.get(key)! : ABSENT);
    }
    map.set(key, value);
  }

  /** Before an object is changed in place: its contents are copied once per segment. */
  changing(obj: object): void {
    const seg = this.segments[this.segments.length - 1];
    if (seg && !seg.objects.has(obj)) {
      const contents = contentsOf(obj);
      if (contents) seg.objects.set(obj, contents);
    }
  }

  begin(): Segment {
    const seg = new Segment();
    this.segments.push(seg);
    return seg;
  }

  /** Ends `seg`: what it changed is undone, and what it had made of each is returned. */
  rollback(seg: Segment): Outcome {
    this.end(seg);
    const after: Outcome = { maps: new Map(), objects: new Map() };
    for (const [map, log] of seg.maps) {
      const now = new Map<string, Old>();
      for (const [key, old] of log) {
        now.set(key, map.has(key) ? map.get(key)! : ABSENT);
        if (old === ABSENT) map.delete(key);
        else map.set(key, old);
      }
      after.maps.set(map, now);
    }
    for (const [obj, before] of seg.objects) {
      after.objects.set(obj, contentsOf(obj)!);
      restore(obj, before);
    }
    return after;
  }

  /** Ends `seg`, keeping what it changed (the enclosing segment, if any, logs it too). */
  commit(seg: Segment): void {
    this.end(seg);
    const parent = this.segments[this.segments.length - 1];
    if (!parent) return;
    for (const [map, log] of seg.maps) {
      let into = parent.maps.get(map);
      if (!into) parent.maps.set(map, (into = new Map()));
      for (const [key, old] of log) if (!into.has(key)) into.set(key, old);
    }
    for (const [obj, before] of seg.objects) if (!parent.objects.has(obj)) parent.objects.set(obj, before);
  }

  private end(seg: Segment): void {
    const top = this.segments.pop();
    if (top !== seg) throw new Error("branch segments ended out of order");
  }

  /** Makes the changes a branch left, again (logged in the segment being recorded). */
  apply(o: Outcome): void {
    for (const [map, values] of o.maps) {
      for (const [key, value] of values) {
        if (value === ABSENT) this.remove(map, key);
        else this.set(map, key, value);
      }
    }
    for (const [obj, contents] of o.objects) {
      this.changing(obj);
      restore(obj, contents);
    }
  }

  private remove(map: Map<string, RValue>, key: string): void {
    if (!map.has(key)) return;
    this.set(map, key, null);
    map.delete(key);
  }

  /**
   * Joins what two branches left, starting from the state both started from (the current
   * one, both having been rolled back): alike stays, different becomes `unknown(name)`, an
   * object changed differently is poisoned.
   */
  join(a: Outcome, b: Outcome, unknown: (name: string) => RUnknown): void {
    const maps = new Set([...a.maps.keys(), ...b.maps.keys()]);
    for (const map of maps) {
      const keys = new Set([...(a.maps.get(map)?.keys() ?? []), ...(b.maps.get(map)?.keys() ?? [])]);
      for (const key of keys) {
        const start: Old = map.has(key) ? map.get(key)! : ABSENT;
        const va = a.maps.get(map)?.has(key) ? a.maps.get(map)!.get(key)! : start;
        const vb = b.maps.get(map)?.has(key) ? b.maps.get(map)!.get(key)! : start;
        const joined = va === ABSENT ? vb : vb === ABSENT ? va : joinValues(va, vb, () => unknown(key));
        if (joined === ABSENT) continue;
        this.set(map, key, joined);
      }
    }
    const objects = new Set([...a.objects.keys(), ...b.objects.keys()]);
    for (const obj of objects) {
      const ca = a.objects.get(obj) ?? contentsOf(obj)!;
      const cb = b.objects.get(obj) ?? contentsOf(obj)!;
      this.changing(obj);
      restore(obj, ca);
      if (!sameContents(ca, cb)) poison(obj, unknown(describeObject(obj)));
    }
  }
}

/** Two branches' values of one variable: the value if they agree, else unknown. */
export function joinValues(a: RValue, b: RValue, unknown: () => RUnknown): RValue {
  if (a === b) return a;
  // Two Strings both branches made alike: one value either way (which object it is does not matter until changed).
  if (a instanceof RString && b instanceof RString && a.value === b.value && a.frozen === b.frozen) return a;
  if (immutable(a) && immutable(b)) {
    try {
      if (typeof a === typeof b && requal(a, b) && (a instanceof RFloat) === (b instanceof RFloat)) return a;
    } catch {
      // An unknown on either side: they are not known to agree.
    }
  }
  if (a instanceof RUnknown && b instanceof RUnknown && a.key !== undefined && a.key === b.key) return a;
  return unknown();
}

const immutable = (v: RValue) => v === null || typeof v !== "object" || v instanceof RSymbol || v instanceof RFloat || v instanceof RRegexp;

function contentsOf(obj: object): Contents | undefined {
  if (Array.isArray(obj)) return { kind: "array", items: obj.slice() };
  if (obj instanceof RHash) return { kind: "hash", copy: obj.dup() };
  if (obj instanceof RString) return { kind: "string", value: obj.value, frozen: obj.frozen };
  if (obj instanceof RSet) return { kind: "set", items: obj.items.slice() };
  if (obj instanceof RStruct) return { kind: "struct", values: obj.values.slice() };
  return undefined;
}

function restore(obj: object, c: Contents): void {
  if (c.kind === "array") {
    const a = obj as RValue[];
    a.length = 0;
    for (const v of c.items) a.push(v);
  } else if (c.kind === "hash") {
    const h = obj as RHash;
    h.clear();
    c.copy.forEach((k, v) => h.set(k, v));
    h.defaultValue = c.copy.defaultValue;
    h.defaultProc = c.copy.defaultProc;
  } else if (c.kind === "string") {
    (obj as RString).value = c.value;
    (obj as RString).frozen = c.frozen;
  } else if (c.kind === "set") {
    const s = obj as RSet;
    s.items.length = 0;
    for (const v of c.items) s.items.push(v);
  } else {
    const s = obj as RStruct;
    c.values.forEach((v, i) => (s.values[i] = v));
  }
}

function sameContents(a: Contents, b: Contents): boolean {
  if (a.kind === "string" && b.kind === "string") return a.value === b.value && a.frozen === b.frozen;
  if (a.kind === "hash" && b.kind === "hash") {
    if (a.copy.size !== b.copy.size) return false;
    for (let i = 0; i < a.copy.size; i++) if (a.copy.keyAt(i) !== b.copy.keyAt(i) || a.copy.valueAt(i) !== b.copy.valueAt(i)) return false;
    return true;
  }
  const xs = a.kind === "array" || a.kind === "set" ? a.items : a.kind === "struct" ? a.values : [];
  const ys = b.kind === "array" || b.kind === "set" ? b.items : b.kind === "struct" ? b.values : [];
  return xs.length === ys.length && xs.every((x, i) => x === ys[i]);
}

function describeObject(obj: object): string {
  if (Array.isArray(obj)) return "an Array";
  if (obj instanceof RHash) return "a Hash";
  if (obj instanceof RString) return "a String";
  if (obj instanceof RObject) return `an instance of ${obj.className}`;
  return "an object";
}

/** The conditions in force: what a route drawn now depends on. */
export class Conditions {
  private readonly stack: Condition[] = [];
  /** A shared empty list: most routes depend on nothing. */
  private static readonly NONE: readonly Condition[] = Object.freeze([]);
  private snapshot: readonly Condition[] = Conditions.NONE;

  get depth(): number {
    return this.stack.length;
  }

  /** The conditions now, as a list that stays as it is. */
  current(): readonly Condition[] {
    return this.snapshot;
  }

  push(c: Condition): void {
    this.stack.push(c);
    this.snapshot = Object.freeze([...this.stack]);
  }

  /** Back to `depth` conditions. */
  truncate(depth: number): void {
    if (this.stack.length === depth) return;
    this.stack.length = depth;
    this.snapshot = depth === 0 ? Conditions.NONE : Object.freeze([...this.stack]);
  }

  /** `body` run with `conditions` in force too (a kept block's, where its call stood), then back. */
  under<T>(conditions: readonly Condition[], body: () => T): T {
    const depth = this.stack.length;
    for (const c of conditions) this.push(c);
    try {
      return body();
    } finally {
      this.truncate(depth);
    }
  }

  /** What an earlier branch already decided of a condition with this key. */
  decided(key: string): boolean | undefined {
    for (let i = this.stack.length - 1; i >= 0; i--) if (this.stack[i].key === key) return this.stack[i].holds;
    return undefined;
  }
}

/** Conditions as a message says them: "`ENV["M"] == "true"` holds and `x` does not hold". */
export function describeConditions(conditions: readonly Condition[]): string {
  return conditions.map((c) => `\`${c.text}\` ${c.holds ? "holds" : "does not hold"}`).join(" and ");
}

/** Whether two lists of conditions can both hold: not when one holds a condition the other negates. */
export function compatible(a: readonly Condition[], b: readonly Condition[]): boolean {
  for (const x of a) for (const y of b) if (x.key === y.key && x.holds !== y.holds) return false;
  return true;
}

/** Whether two lists hold the same conditions (in any order). */
export function sameConditions(a: readonly Condition[], b: readonly Condition[]): boolean {
  return a.length === b.length && a.every((x) => b.some((y) => y.key === x.key && y.holds === x.holds));
}
