/**
 * Onigmo's Ruby syntax (ONIG_SYNTAX_RUBY; Onigmo's doc/RE and regparse.c, Ruby's re.c for
 * `\u`) read into the AST of ast.ts. Errors carry Onigmo's message (`RegexpSyntaxError`, the
 * text before Ruby's `: /source/`); constructs this engine does not run (subexpression calls
 * `\g<…>`, the absent operator `(?~…)`, `\X`, raw bytes above 0x7F, /i on characters whose
 * case folding has several characters, unknown property names) raise `RegexpUnsupported`,
 * so the caller treats the value as unknown rather than matching differently.
 *
 * What Ruby does that a reader of other engines may not expect, and this parser follows:
 * `^`/`$` are line anchors always; `(?i)` applies to the rest of its group, alternatives
 * included (`a(?i)b|c` is `a(?i:b|c)`); with a named group in the pattern, plain `(…)` does
 * not capture; `{n}?` is `(?:x{n})?` and `{n,m}+` is `(?:x{n,m})+`; `\1`–`\9` are
 * back-references (an error if the group does not exist), `\10` one only when ten groups are
 * open, else octal.
 */
import type { AssertKind, Node } from "./ast.js";
import { hasMultiFold, multiFoldChars } from "./caseFold.js";
import { CharClass, items, spec, type ClassItems, type ClassSpec } from "./charClass.js";
import { posixBracket, typeClass, unicodeProperty } from "./properties.js";

export class RegexpSyntaxError extends Error {
  override name = "RegexpSyntaxError";
}

export class RegexpUnsupported extends Error {
  override name = "RegexpUnsupported";
}

export interface Flags {
  ignoreCase: boolean;
  multiline: boolean;
  extended: boolean;
  /** `d` (Ruby's default: `\w \d \s` ASCII, `\b` and POSIX brackets Unicode), `a` (all ASCII), `u` (all Unicode). */
  charset: "d" | "a" | "u";
}

export interface Parsed {
  node: Node;
  /** Capturing groups, numbered from 1. */
  groupCount: number;
  /** Each name's groups, in the order they are defined. */
  names: Map<string, number[]>;
  /** Whether a node compares case-insensitively. */
  ignoreCase: boolean;
  hasBackrefs: boolean;
}

/** Classes already built, by their text and options. */
const CLASSES = new Map<string, Node>();

/** The largest count Onigmo accepts in `{n,m}` (ONIG_MAX_REPEAT_NUM). */
const MAX_REPEAT = 100000;

type Ref = { kind: "num"; n: number } | { kind: "name"; name: string };
interface PendingRef {
  node: { groups: number[] };
  ref: Ref;
  /** A condition tests any group; a back-reference also accepts a name. */
  cond: boolean;
}

export function parse(source: string, flags: Flags): Parsed {
  const first = new Parser(source, true);
  const parsed = first.run(flags);
  // With a named group anywhere, plain parentheses do not capture (ONIG_OPTION_CAPTURE_GROUP off).
  return first.names.size > 0 && first.unnamedGroups > 0 ? new Parser(source, false).run(flags) : parsed;
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

class Parser {
  private readonly cps: number[];
  private pos = 0;
  groupCount = 0;
  unnamedGroups = 0;
  readonly names = new Map<string, number[]>();
  private readonly refs: PendingRef[] = [];
  private ignoreCaseUsed = false;
  private inLookbehind = 0;
  private inNegativeLookbehind = 0;

  constructor(
    source: string,
    private readonly captureUnnamed: boolean,
  ) {
    const cps: number[] = [];
    for (let i = 0; i < source.length; i++) {
      const c = source.codePointAt(i)!;
      cps.push(c);
      if (c > 0xffff) i++;
    }
    this.cps = cps;
  }

  run(flags: Flags): Parsed {
    const node = this.parseAlt(flags, 0);
    if (this.pos < this.cps.length) throw new RegexpSyntaxError("unmatched close parenthesis");
    for (const { node: target, ref, cond } of this.refs) target.groups = this.resolve(ref, cond);
    return { node, groupCount: this.groupCount, names: this.names, ignoreCase: this.ignoreCaseUsed, hasBackrefs: this.refs.length > 0 };
  }

  private resolve(ref: Ref, cond: boolean): number[] {
    if (ref.kind === "name") {
      const groups = this.names.get(ref.name);
      if (!groups) throw new RegexpSyntaxError(`undefined name <${ref.name}> reference`);
      return [...groups].reverse();
    }
    if (this.names.size > 0) throw new RegexpSyntaxError("numbered backref/call is not allowed. (use name)");
    if (ref.n < 1 || ref.n > this.groupCount) throw new RegexpSyntaxError("invalid backref number/name");
    return [ref.n];
  }

  // ---- reading ----
  private peek(offset = 0): number {
    return this.pos + offset < this.cps.length ? this.cps[this.pos + offset] : -1;
  }
  private eat(c: string): boolean {
    if (this.peek() === c.codePointAt(0)) {
      this.pos++;
      return true;
    }
    return false;
  }
  private atEnd(): boolean {
    return this.pos >= this.cps.length;
  }

  /** In extended mode: whitespace and `#` comments between tokens. */
  private skipExtended(flags: Flags): void {
    if (!flags.extended) return;
    for (;;) {
      const c = this.peek();
      if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) this.pos++;
      else if (c === 0x23) {
        while (!this.atEnd() && this.peek() !== 0x0a) this.pos++;
      } else return;
    }
  }

  // ---- structure ----
  private parseAlt(flags: Flags, depth: number): Node {
    const alts: Node[] = [this.parseSeq(flags, depth)];
    while (this.eat("|")) alts.push(this.parseSeq(flags, depth));
    return alts.length === 1 ? alts[0] : { type: "alt", alts };
  }

  private parseSeq(flags: Flags, depth: number): Node {
    const items: Node[] = [];
    for (;;) {
      this.skipExtended(flags);
      const c = this.peek();
      if (c === -1 || c === 0x7c /* | */) break;
      if (c === 0x29 /* ) */) {
        if (depth === 0) throw new RegexpSyntaxError("unmatched close parenthesis");
        break;
      }
      if (c === 0x2a || c === 0x2b || c === 0x3f || (c === 0x7b && this.intervalAhead())) {
        if (items.length === 0) throw new RegexpSyntaxError("target of repeat operator is not specified");
        items[items.length - 1] = this.parseQuantifiers(items[items.length - 1], flags);
        continue;
      }
      // `(?imx-imx)` takes the rest of the group, its alternatives included.
      const options = this.optionsOnly(flags);
      if (options) {
        items.push(this.parseAlt(options, depth));
        break;
      }
      const atom = this.parseAtom(flags, depth);
      if (atom) items.push(atom);
    }
    return items.length === 1 ? items[0] : items.length === 0 ? { type: "empty" } : { type: "seq", items };
  }

  /** `(?imx-imx)` at the cursor: consumes it and returns the flags it sets. */
  private optionsOnly(flags: Flags): Flags | undefined {
    if (this.peek() !== 0x28 || this.peek(1) !== 0x3f) return undefined;
    const save = this.pos;
    this.pos += 2;
    const parsed = this.readOptions(flags);
    if (parsed && this.eat(")")) return parsed;
    this.pos = save;
    return undefined;
  }

  /** `imx-imx` (and `a`, `u`, `d` in the on part): the new flags, or undefined (cursor moved). */
  private readOptions(flags: Flags): Flags | undefined {
    const next = { ...flags };
    let on = true;
    let any = false;
    for (;;) {
      const c = this.peek();
      if (c === 0x69) next.ignoreCase = on;
      else if (c === 0x6d) next.multiline = on;
      else if (c === 0x78) next.extended = on;
      else if (on && (c === 0x61 || c === 0x75 || c === 0x64)) next.charset = String.fromCodePoint(c) as Flags["charset"];
      else if (c === 0x2d && on) on = false;
      else return any ? next : c === 0x29 || c === 0x3a ? next : undefined;
      any = true;
      this.pos++;
    }
  }

  private parseAtom(flags: Flags, depth: number): Node | undefined {
    const c = this.cps[this.pos++];
    switch (c) {
      case 0x28: // (
        return this.parseGroup(flags, depth);
      case 0x5b: {
        // The same class (a route's `[^/.?]+`) is built once.
        const start = this.pos;
        const cls = this.parseClass(flags);
        const key = `${flags.ignoreCase ? "i" : ""}${flags.charset}${String.fromCodePoint(...this.cps.slice(start, this.pos))}`;
        const known = CLASSES.get(key);
        if (known) return known;
        const node = this.classNode(cls, flags);
        if (CLASSES.size >= 256) CLASSES.clear();
        CLASSES.set(key, node);
        return node;
      }
      case 0x2e: // .
        return { type: "any", dotAll: flags.multiline };
      case 0x5e: // ^
        return { type: "assert", kind: "bol" };
      case 0x24: // $
        return { type: "assert", kind: "eol" };
      case 0x5c: // backslash
        return this.parseEscape(flags);
      default:
        return this.charNode(c, flags);
    }
  }

  private charNode(cp: number, flags: Flags): Node {
    if (flags.ignoreCase) {
      if (hasMultiFold(cp)) throw new RegexpUnsupported(`/i on ${String.fromCodePoint(cp)}, whose case folding has several characters`);
      this.ignoreCaseUsed = true;
    }
    return { type: "char", cp, ignoreCase: flags.ignoreCase };
  }

  private classNode(cls: ClassSpec, flags: Flags): Node {
    const built = new CharClass(cls, flags.ignoreCase);
    if (flags.ignoreCase) {
      this.ignoreCaseUsed = true;
      // Onigmo lets such a class match the folding's characters (`/\A[ß]\z/i =~ "ss"`).
      if (!cls.negated) for (const cp of multiFoldChars()) if (built.test(cp)) throw new RegexpUnsupported("/i on a class holding a character whose case folding has several characters");
    }
    return { type: "class", cls: built };
  }

  // ---- groups ----
  private parseGroup(flags: Flags, depth: number): Node | undefined {
    if (!this.eat("?")) {
      if (!this.captureUnnamed) return this.groupBody(flags, depth, (body) => body);
      this.unnamedGroups++;
      const index = ++this.groupCount;
      return this.groupBody(flags, depth, (body) => ({ type: "group", index, body }));
    }
    if (this.atEnd()) throw new RegexpSyntaxError("end pattern in group");
    const c = this.cps[this.pos];
    switch (c) {
      case 0x3a: // (?:
        this.pos++;
        return this.groupBody(flags, depth, (body) => body);
      case 0x3d: // (?=
      case 0x21: // (?!
        this.pos++;
        return this.groupBody(flags, depth, (body) => ({ type: "look", behind: false, negate: c === 0x21, body }));
      case 0x3e: // (?>
        this.pos++;
        return this.groupBody(flags, depth, (body) => ({ type: "atomic", body }));
      case 0x23: // (?# comment )
        while (!this.atEnd() && this.peek() !== 0x29) this.pos++;
        if (!this.eat(")")) throw new RegexpSyntaxError("end pattern in group");
        return undefined;
      case 0x7e: // (?~ absent
        throw new RegexpUnsupported("the absent operator (?~…)");
      case 0x28: // (?(cond)yes|no)
        this.pos++;
        return this.parseConditional(flags, depth);
      case 0x27: // (?'name'
        this.pos++;
        return this.namedGroup(flags, depth, 0x27);
      case 0x3c: {
        // (?<= (?<! (?<name>
        const next = this.peek(1);
        if (next === 0x3d || next === 0x21) {
          this.pos += 2;
          return this.lookbehind(flags, depth, next === 0x21);
        }
        this.pos++;
        return this.namedGroup(flags, depth, 0x3e);
      }
    }
    const options = this.readOptions(flags);
    if (options && this.eat(":")) return this.groupBody(options, depth, (body) => body);
    throw new RegexpSyntaxError("undefined group option");
  }

  private groupBody(flags: Flags, depth: number, wrap: (body: Node) => Node): Node {
    const body = this.parseAlt(flags, depth + 1);
    if (!this.eat(")")) throw new RegexpSyntaxError("end pattern with unmatched parenthesis");
    return wrap(body);
  }

  private readName(close: number): string {
    const start = this.pos;
    while (!this.atEnd() && this.peek() !== close) this.pos++;
    if (this.atEnd()) throw new RegexpSyntaxError("invalid group name <" + String.fromCodePoint(...this.cps.slice(start)) + ">");
    const name = String.fromCodePoint(...this.cps.slice(start, this.pos));
    this.pos++;
    return name;
  }

  private namedGroup(flags: Flags, depth: number, close: number): Node {
    const name = this.readName(close);
    if (name === "") throw new RegexpSyntaxError("group name is empty");
    // Onigmo takes any name that does not start with a digit or `-` (those are relative levels) and holds no `)`.
    if (isDigit(name.codePointAt(0)!) || name.startsWith("-") || name.includes(")")) throw new RegexpSyntaxError(`invalid group name <${name}>`);
    if (this.inNegativeLookbehind) throw new RegexpSyntaxError("invalid pattern in look-behind");
    const index = ++this.groupCount;
    const list = this.names.get(name) ?? [];
    list.push(index);
    this.names.set(name, list);
    return this.groupBody(flags, depth, (body) => ({ type: "group", index, body }));
  }

  private parseConditional(flags: Flags, depth: number): Node {
    let ref: Ref;
    if (this.eat("<")) ref = this.nameRef(this.readName(0x3e));
    else if (this.eat("'")) ref = this.nameRef(this.readName(0x27));
    else {
      const start = this.pos;
      while (isDigit(this.peek())) this.pos++;
      if (start === this.pos) throw new RegexpSyntaxError("invalid conditional pattern");
      ref = { kind: "num", n: Number(String.fromCodePoint(...this.cps.slice(start, this.pos))) };
    }
    if (!this.eat(")")) throw new RegexpSyntaxError("invalid conditional pattern");
    const body = this.parseAlt(flags, depth + 1);
    if (!this.eat(")")) throw new RegexpSyntaxError("end pattern with unmatched parenthesis");
    const alts = body.type === "alt" ? body.alts : [body];
    if (alts.length > 2) throw new RegexpSyntaxError("invalid conditional pattern");
    const node = { type: "cond" as const, groups: [] as number[], yes: alts[0], no: alts[1] ?? { type: "empty" as const } };
    this.refs.push({ node, ref, cond: true });
    return node;
  }

  private nameRef(name: string): Ref {
    if (name === "") throw new RegexpSyntaxError("group name is empty");
    if (/^-?\d+$/.test(name)) {
      const n = Number(name);
      return { kind: "num", n: n < 0 ? this.groupCount + 1 + n : n };
    }
    return { kind: "name", name };
  }

  private lookbehind(flags: Flags, depth: number, negate: boolean): Node {
    this.inLookbehind++;
    if (negate) this.inNegativeLookbehind++;
    const refsBefore = this.refs.length;
    const groupsBefore = this.groupCount;
    const body = this.parseAlt(flags, depth + 1);
    this.inLookbehind--;
    if (negate) this.inNegativeLookbehind--;
    if (!this.eat(")")) throw new RegexpSyntaxError("end pattern with unmatched parenthesis");
    // Each alternative of the top level has one length (Onigmo steps back that many characters).
    const alts = body.type === "alt" ? body.alts : [body];
    if (this.refs.length > refsBefore || alts.some((a) => fixedLength(a) === undefined)) throw new RegexpSyntaxError("invalid pattern in look-behind");
    if (negate && this.groupCount > groupsBefore) throw new RegexpSyntaxError("invalid pattern in look-behind");
    return { type: "look", behind: true, negate, body };
  }

  // ---- quantifiers ----
  /** Whether `{` at the cursor opens a valid interval (`{n}`, `{n,}`, `{,m}`, `{n,m}`); else it is a literal. */
  private intervalAhead(): boolean {
    return this.readInterval(false) !== undefined;
  }

  private readInterval(consume: boolean): { min: number; max: number; exact: boolean } | undefined {
    let p = this.pos + 1;
    const num = () => {
      const s = p;
      while (p < this.cps.length && isDigit(this.cps[p])) p++;
      return p > s ? Number(String.fromCodePoint(...this.cps.slice(s, p))) : undefined;
    };
    const min = num();
    let max = min;
    let exact = true;
    if (this.cps[p] === 0x2c) {
      p++;
      exact = false;
      max = num();
      if (min === undefined && max === undefined) return undefined;
    } else if (min === undefined) return undefined;
    if (this.cps[p] !== 0x7d) return undefined;
    if (consume) {
      if ((min ?? 0) > MAX_REPEAT || (max ?? 0) > MAX_REPEAT) throw new RegexpSyntaxError("too big number for repeat range");
      if (max !== undefined && (min ?? 0) > max) throw new RegexpSyntaxError("upper is smaller than lower in repeat range");
      this.pos = p + 1;
    }
    return { min: min ?? 0, max: max ?? Infinity, exact };
  }

  private parseQuantifiers(target: Node, flags: Flags): Node {
    let node = target;
    for (;;) {
      this.skipExtended(flags);
      const c = this.peek();
      let min: number;
      let max: number;
      let interval = false;
      let exact = false;
      if (c === 0x2a) [min, max] = [0, Infinity];
      else if (c === 0x2b) [min, max] = [1, Infinity];
      else if (c === 0x3f) [min, max] = [0, 1];
      else if (c === 0x7b && this.intervalAhead()) {
        const r = this.readInterval(true)!;
        [min, max, interval, exact] = [r.min, r.max, true, r.exact];
      } else return node;
      if (!interval) this.pos++;
      let greedy = true;
      let possessive = false;
      // `{n}?` and `{n,m}+` are further quantifiers in Ruby's syntax, not modifiers.
      if (!exact && this.peek() === 0x3f) {
        this.pos++;
        greedy = false;
      } else if (!interval && this.peek() === 0x2b) {
        this.pos++;
        possessive = true;
      }
      node = { type: "repeat", body: node, min, max, greedy, possessive };
    }
  }

  // ---- escapes ----
  private parseEscape(flags: Flags): Node {
    if (this.atEnd()) throw new RegexpSyntaxError("too short escape sequence");
    const c = this.cps[this.pos++];
    const ch = String.fromCodePoint(c);
    switch (ch) {
      case "d":
      case "D":
      case "w":
      case "W":
      case "s":
      case "S":
      case "h":
      case "H":
        return this.classNode(spec(false, items([], [], [typeClass(ch, flags.charset === "u")])), flags);
      case "p":
      case "P":
        return this.classNode(spec(false, this.property(ch === "P")), flags);
      case "b":
        return { type: "assert", kind: flags.charset === "a" ? "asciiWordB" : "wordB" };
      case "B":
        return { type: "assert", kind: flags.charset === "a" ? "asciiNotWordB" : "notWordB" };
      case "A":
        return { type: "assert", kind: "start" };
      case "z":
        return { type: "assert", kind: "end" };
      case "Z":
        return { type: "assert", kind: "endNl" };
      case "G":
        return { type: "assert", kind: "searchStart" };
      case "K":
        return { type: "keep" };
      case "R":
        return linebreak();
      case "X":
        throw new RegexpUnsupported("\\X (extended grapheme clusters)");
      case "g":
        if (this.peek() === 0x3c || this.peek() === 0x27) throw new RegexpUnsupported("subexpression calls \\g<…>");
        return this.charNode(c, flags);
      case "k":
        if (this.peek() === 0x3c || this.peek() === 0x27) {
          const close = this.cps[this.pos++] === 0x3c ? 0x3e : 0x27;
          const ref = this.nameRef(this.readName(close));
          return this.backref(ref, flags);
        }
        return this.charNode(c, flags);
    }
    if (c >= 0x31 && c <= 0x39) {
      // \1–\9, or more digits while that many groups are open (GNU's rule, as Onigmo).
      const start = this.pos - 1;
      let p = this.pos;
      while (p < this.cps.length && isDigit(this.cps[p])) p++;
      const n = Number(String.fromCodePoint(...this.cps.slice(start, p)));
      if (n <= 9 || n <= this.groupCount) {
        this.pos = p;
        return this.backref({ kind: "num", n }, flags);
      }
      if (c === 0x38 || c === 0x39) return this.charNode(c, flags);
      this.pos = start;
      return this.charNode(this.octal(3), flags);
    }
    return this.charNode(this.escapedChar(c, false), flags);
  }

  private backref(ref: Ref, flags: Flags): Node {
    if (flags.ignoreCase) this.ignoreCaseUsed = true;
    if (this.inLookbehind) throw new RegexpSyntaxError("invalid pattern in look-behind");
    const node = { type: "backref" as const, groups: [] as number[], ignoreCase: flags.ignoreCase };
    this.refs.push({ node, ref, cond: false });
    return node;
  }

  private octal(maxDigits: number): number {
    let n = 0;
    for (let i = 0; i < maxDigits && this.peek() >= 0x30 && this.peek() <= 0x37; i++) n = n * 8 + (this.cps[this.pos++] - 0x30);
    if (n > 0x7f) throw new RegexpUnsupported("a byte above 0x7F in a UTF-8 regexp");
    return n;
  }

  /**
   * The character of an escape that stands for one (`\n`, `\x41`, `\u00e9`, `\cA`, `\.`),
   * the escape letter already read. `inClass`: `\b` is a backspace there.
   */
  private escapedChar(c: number, inClass: boolean): number {
    switch (String.fromCodePoint(c)) {
      case "t":
        return 0x09;
      case "n":
        return 0x0a;
      case "r":
        return 0x0d;
      case "f":
        return 0x0c;
      case "v":
        return 0x0b;
      case "a":
        return 0x07;
      case "e":
        return 0x1b;
      case "b":
        return inClass ? 0x08 : c;
      case "0":
        return this.octal(2);
      case "x": {
        let n = 0;
        let digits = 0;
        while (digits < 2 && isHex(this.peek())) {
          n = n * 16 + parseInt(String.fromCodePoint(this.cps[this.pos++]), 16);
          digits++;
        }
        if (digits === 0) throw new RegexpSyntaxError("invalid hex escape");
        if (n > 0x7f) throw new RegexpUnsupported("a byte above 0x7F in a UTF-8 regexp");
        return n;
      }
      case "u":
        return this.unicodeEscape();
      case "c":
        return this.control("end pattern at control");
      case "C":
        if (!this.eat("-")) throw new RegexpSyntaxError("invalid control-code syntax");
        return this.control("end pattern at control");
      case "M":
        throw new RegexpUnsupported("\\M- (meta characters)");
      default:
        return c;
    }
  }

  private control(message: string): number {
    if (this.atEnd()) throw new RegexpSyntaxError(message);
    let c = this.cps[this.pos++];
    if (c === 0x5c) {
      if (this.atEnd()) throw new RegexpSyntaxError("too short escape sequence");
      c = this.escapedChar(this.cps[this.pos++], false);
    }
    if (c > 0x7f) throw new RegexpUnsupported("a control of a character above 0x7F");
    return c & 0x9f;
  }

  /** `\uHHHH` or `\u{H…}` (one code point here; several in a sequence are split by the caller). */
  private unicodeEscape(): number {
    if (this.eat("{")) {
      while (this.peek() === 0x20) this.pos++;
      const start = this.pos;
      while (isHex(this.peek())) this.pos++;
      if (this.pos === start || this.pos - start > 6) throw new RegexpSyntaxError("invalid Unicode escape");
      const cp = parseInt(String.fromCodePoint(...this.cps.slice(start, this.pos)), 16);
      while (this.peek() === 0x20) this.pos++;
      if (this.peek() === 0x7d) this.pos++;
      // More code points (`\u{61 62}`): read as further `\u{…}` escapes.
      else if (isHex(this.peek())) this.pushUnicodeContinuation();
      else throw new RegexpSyntaxError("invalid Unicode escape");
      if (cp > 0x10ffff) throw new RegexpSyntaxError("invalid Unicode range");
      if (cp >= 0xd800 && cp <= 0xdfff) throw new RegexpSyntaxError("invalid Unicode range");
      return cp;
    }
    const start = this.pos;
    for (let i = 0; i < 4; i++) if (isHex(this.peek())) this.pos++;
    if (this.pos - start !== 4) throw new RegexpSyntaxError("invalid Unicode escape");
    const cp = parseInt(String.fromCodePoint(...this.cps.slice(start, this.pos)), 16);
    if (cp >= 0xd800 && cp <= 0xdfff) throw new RegexpSyntaxError("invalid Unicode range");
    return cp;
  }

  /** Rewrites the rest of `\u{61 62}` as `\u{62}` in place, so the next atom reads it. */
  private pushUnicodeContinuation(): void {
    this.cps.splice(this.pos, 0, 0x5c, 0x75, 0x7b);
  }

  private property(negated: boolean): ClassItems {
    if (!this.eat("{")) throw new RegexpSyntaxError("invalid character property name {" + (this.atEnd() ? "" : String.fromCodePoint(this.cps[this.pos])) + "}");
    const start = this.pos;
    while (!this.atEnd() && this.peek() !== 0x7d) this.pos++;
    let name = String.fromCodePoint(...this.cps.slice(start, this.pos));
    if (!this.eat("}")) throw new RegexpSyntaxError(`invalid character property name {${name}}`);
    if (name.startsWith("^")) {
      negated = !negated;
      name = name.slice(1);
    }
    const found = unicodeProperty(name);
    if (!found) {
      if (!/^[A-Za-z0-9_ =.-]+$/.test(name) || /^(is|script=|sc=)/i.test(name)) throw new RegexpSyntaxError(`invalid character property name {${name}}`);
      throw new RegexpUnsupported(`the property \\p{${name}}`);
    }
    const it = typeof found === "function" ? items([], [found]) : found;
    return negated ? items([], [], [spec(true, it)]) : it;
  }

  // ---- classes ----
  /** After `[`: the class up to its `]`. */
  private parseClass(flags: Flags): ClassSpec {
    const negated = this.eat("^");
    const operands: ClassItems[] = [];
    let current = items();
    let empty = true;
    for (;;) {
      if (this.atEnd()) throw new RegexpSyntaxError("premature end of char-class");
      const c = this.peek();
      if (c === 0x5d) {
        if (empty && operands.length === 0) {
          if (!this.laterClose()) throw new RegexpSyntaxError("empty char-class");
          this.pos++;
          current.ranges.push(0x5d, 0x5d);
          empty = false;
          continue;
        }
        this.pos++;
        break;
      }
      if (c === 0x26 && this.peek(1) === 0x26) {
        this.pos += 2;
        operands.push(current);
        current = items();
        continue;
      }
      empty = false;
      if (c === 0x5b) {
        const posix = this.posix(flags);
        if (posix) {
          current.subs.push(posix);
          this.rangeAfterSet();
          continue;
        }
        this.pos++;
        current.subs.push(this.parseClass(flags));
        continue;
      }
      const atom = this.classAtom(flags);
      if (typeof atom !== "number") {
        current.subs.push(atom);
        this.rangeAfterSet();
        continue;
      }
      // A range `a-z`; `-` first, last, or after a range is itself.
      if (this.peek() === 0x2d && this.peek(1) !== 0x5d && this.peek(1) !== -1) {
        this.pos++;
        if (this.peek() === 0x5b) throw new RegexpSyntaxError("char-class value at end of range");
        const end = this.classAtom(flags);
        if (typeof end !== "number") throw new RegexpSyntaxError("char-class value at end of range");
        if (end < atom) throw new RegexpSyntaxError("empty range in char class");
        current.ranges.push(atom, end);
        continue;
      }
      current.ranges.push(atom, atom);
    }
    operands.push(current);
    return { negated, operands };
  }

  /** `[\w-a]` is an error; `[\w-]` takes `-` as itself. */
  private rangeAfterSet(): void {
    if (this.peek() === 0x2d && this.peek(1) !== 0x5d && this.peek(1) !== -1 && !(this.peek(1) === 0x26 && this.peek(2) === 0x26)) throw new RegexpSyntaxError("unmatched range specifier in char-class");
  }

  /** Whether a `]` follows (unescaped), which makes a first `]` a character (Onigmo's `[]a]`). */
  private laterClose(): boolean {
    for (let p = this.pos + 1; p < this.cps.length; p++) {
      if (this.cps[p] === 0x5c) p++;
      else if (this.cps[p] === 0x5d) return true;
    }
    return false;
  }

  /** `[:alpha:]` / `[:^alpha:]` at the cursor (a `[` inside a class). */
  private posix(flags: Flags): ClassSpec | undefined {
    if (this.peek(1) !== 0x3a) return undefined;
    let p = this.pos + 2;
    const negated = this.cps[p] === 0x5e;
    if (negated) p++;
    const start = p;
    while (p < this.cps.length && ((this.cps[p] >= 0x61 && this.cps[p] <= 0x7a) || (this.cps[p] >= 0x41 && this.cps[p] <= 0x5a))) p++;
    if (this.cps[p] !== 0x3a || this.cps[p + 1] !== 0x5d) {
      // `[:` not closed by `:]` within a name: a nested class that starts with `:`.
      if (p < this.cps.length && this.cps.slice(p, p + 20).some((x, i, a) => x === 0x3a && a[i + 1] === 0x5d)) throw new RegexpSyntaxError("invalid POSIX bracket type");
      return undefined;
    }
    const name = String.fromCodePoint(...this.cps.slice(start, p));
    const found = posixBracket(name, flags.charset === "a");
    if (!found) throw new RegexpSyntaxError("invalid POSIX bracket type");
    this.pos = p + 2;
    return negated ? spec(true, items([], [], [found])) : found;
  }

  /** One member of a class: a character (a number) or a set (`\d`, `\p{…}`). */
  private classAtom(flags: Flags): number | ClassSpec {
    const c = this.cps[this.pos++];
    if (c !== 0x5c) return c;
    if (this.atEnd()) throw new RegexpSyntaxError("premature end of char-class");
    const e = this.cps[this.pos++];
    const ch = String.fromCodePoint(e);
    if ("dDwWsShH".includes(ch)) return typeClass(ch, flags.charset === "u");
    if (ch === "p" || ch === "P") return spec(false, this.property(ch === "P"));
    if (ch === "R" || ch === "X") throw new RegexpUnsupported(`\\${ch} in a class`);
    if (e >= 0x31 && e <= 0x37) {
      this.pos--;
      return this.octal(3);
    }
    return this.escapedChar(e, true);
  }
}

/** `\R`: `\r\n` or one line break character, atomic (Onigmo's definition for Unicode). */
function linebreak(): Node {
  const breaks = new CharClass(spec(false, items([0x0a, 0x0d, 0x85, 0x85, 0x2028, 0x2029])), false);
  return {
    type: "atomic",
    body: { type: "alt", alts: [{ type: "seq", items: [{ type: "char", cp: 0x0d, ignoreCase: false }, { type: "char", cp: 0x0a, ignoreCase: false }] }, { type: "class", cls: breaks }] },
  };
}

/** The number of characters a node always matches, or undefined if it varies. */
export function fixedLength(node: Node): number | undefined {
  switch (node.type) {
    case "empty":
    case "assert":
    case "look":
    case "keep":
      return 0;
    case "char":
    case "any":
    case "class":
      return 1;
    case "seq": {
      let n = 0;
      for (const item of node.items) {
        const l = fixedLength(item);
        if (l === undefined) return undefined;
        n += l;
      }
      return n;
    }
    case "alt": {
      const lengths = node.alts.map(fixedLength);
      return lengths.every((l) => l !== undefined && l === lengths[0]) ? lengths[0] : undefined;
    }
    case "group":
    case "atomic":
      return fixedLength(node.body);
    case "repeat": {
      if (node.min !== node.max) return undefined;
      const l = fixedLength(node.body);
      return l === undefined ? undefined : l * node.min;
    }
    default:
      return undefined;
  }
}

export type { AssertKind };
