/**
 * Route path patterns, after ActionDispatch::Journey: the scanner (scanner.rb), the
 * grammar (parser.y), the nodes (nodes/node.rb) and what Path::Pattern derives from them
 * (names, required and optional names). The printed pattern is `spec.to_s`, which we
 * rebuild from the tree as Journey's String visitor does.
 */

export type PathNode =
  | { type: "CAT"; left: PathNode; right: PathNode }
  | { type: "GROUP"; left: PathNode }
  | { type: "OR"; children: PathNode[] }
  | { type: "STAR"; left: SymbolNode }
  | SymbolNode
  | { type: "LITERAL" | "SLASH" | "DOT"; text: string };

export interface SymbolNode {
  type: "SYMBOL";
  /** `:id` or `*path` as written. */
  text: string;
  /** The parameter name without `:`/`*`. */
  name: string;
  /** True for the symbol inside a `*glob`. */
  greedy: boolean;
}

type TokenType = "SLASH" | "LPAREN" | "RPAREN" | "OR" | "DOT" | "SYMBOL" | "STAR" | "LITERAL";
interface Token {
  type: TokenType;
  text: string;
}

/** Journey's scanner; like Ruby's `\w`, word characters are ASCII only. */
function scan(path: string): Token[] {
  const tokens: Token[] = [];
  const re = /\/|\(|\)|\||\.|:\w+|\*\w+|(?:[\w%\-~!$&'*+,;=@]|\\[:()])+|[\s\S]/gy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path))) {
    const t = m[0];
    if (t === "/") tokens.push({ type: "SLASH", text: t });
    else if (t === "(") tokens.push({ type: "LPAREN", text: t });
    else if (t === ")") tokens.push({ type: "RPAREN", text: t });
    else if (t === "|") tokens.push({ type: "OR", text: t });
    else if (t === ".") tokens.push({ type: "DOT", text: t });
    else if (/^:\w+$/.test(t)) tokens.push({ type: "SYMBOL", text: t });
    else if (/^\*\w+$/.test(t)) tokens.push({ type: "STAR", text: t });
    else tokens.push({ type: "LITERAL", text: t.length > 1 || t === "\\" ? t.replace(/\\/g, "") : t });
  }
  return tokens;
}

export class PathSyntaxError extends Error {
  constructor(
    message: string,
    /** The Ruby exception Rails raises: Racc's before 8.0; 8.0's own parser's ArgumentError, or NoMethodError for a part it left nil. */
    readonly rubyClass = "Racc::ParseError",
  ) {
    super(message);
  }
}

/** Parses a path per Journey's grammar; throws PathSyntaxError where Racc would raise. */
export function parsePath(path: string): PathNode {
  const tokens = scan(path);
  let i = 0;
  const fail = (): never => {
    const t = tokens[i];
    throw new PathSyntaxError(t ? `parse error on value "${t.text}" (${t.type})` : 'parse error on value "$" ($end)');
  };
  const expression = (): PathNode => {
    const t = tokens[i];
    if (!t) return fail();
    switch (t.type) {
      case "LPAREN": {
        i++;
        const inner = expressions();
        if (tokens[i]?.type !== "RPAREN") fail();
        i++;
        return { type: "GROUP", left: inner };
      }
      case "STAR":
        i++;
        return { type: "STAR", left: { type: "SYMBOL", text: t.text, name: t.text.slice(1), greedy: true } };
      case "SYMBOL":
        i++;
        return { type: "SYMBOL", text: t.text, name: t.text.slice(1), greedy: false };
      case "LITERAL":
      case "SLASH":
      case "DOT":
        i++;
        return { type: t.type, text: t.text };
      default:
        return fail();
    }
  };
  const startsExpression = () => {
    const t = tokens[i]?.type;
    return t !== undefined && t !== "RPAREN" && t !== "OR";
  };
  // expressions : expression expressions | expression | or
  const expressions = (): PathNode => {
    const first = expression();
    if (tokens[i]?.type === "OR") {
      const children = [first];
      while (tokens[i]?.type === "OR") {
        i++;
        children.push(expression());
      }
      // `or` must end the expressions it belongs to.
      if (startsExpression()) fail();
      return { type: "OR", children };
    }
    if (startsExpression()) return { type: "CAT", left: first, right: expressions() };
    return first;
  };
  if (tokens.length === 0) fail();
  const ast = expressions();
  if (i < tokens.length) fail();
  return ast;
}

/**
 * Rails 8.0's hand-written parser (journey/parser.rb, rails/rails 7d42bf6), where it parts from
 * Racc's grammar: asked only of a path Racc rejects (on the others the two agree). A `(` left open
 * raises ArgumentError "missing right parenthesis."; a `)` with no `(` ends the path there, the
 * rest (`(.:format)` too) dropped without a word; a token where a part should be is taken as
 * nil, on which Journey's visitor then fails (`NoMethodError`, said with `nilPart`).
 */
export function parsePath80(path: string): PathNode {
  const tokens = scan(path);
  let i = 0;
  // Ruby's nil where a part should be: the parse goes on, and fails only later on it.
  const NIL: PathNode = { type: "LITERAL", text: "" };
  let nils = 0;
  const terminal = (): PathNode => {
    const t = tokens[i++];
    if (t?.type === "SYMBOL") return { type: "SYMBOL", text: t.text, name: t.text.slice(1), greedy: false };
    if (t?.type === "LITERAL" || t?.type === "SLASH" || t?.type === "DOT") return { type: t.type, text: t.text };
    nils++;
    return NIL;
  };
  const expression = (): PathNode => {
    const t = tokens[i];
    if (t?.type === "STAR") {
      i++;
      return { type: "STAR", left: { type: "SYMBOL", text: t.text, name: t.text.slice(1), greedy: true } };
    }
    if (t?.type !== "LPAREN") return terminal();
    i++;
    const inner = expressions();
    if (tokens[i]?.type !== "RPAREN") throw new PathSyntaxError("missing right parenthesis.", "ArgumentError");
    i++;
    return { type: "GROUP", left: inner };
  };
  const expressions = (): PathNode => {
    let node = expression();
    while (i < tokens.length && tokens[i].type !== "RPAREN") {
      if (tokens[i].type === "OR") {
        i++;
        node = { type: "OR", children: [node, expression()] };
      } else node = { type: "CAT", left: node, right: expressions() };
    }
    return node;
  };
  const ast = expressions();
  // Journey's visitor asks each node its `type`.
  if (nils) throw new PathSyntaxError("type", "NoMethodError");
  return ast;
}

/** Pre-order walk, as `Journey::Nodes::Node#each`. */
export function eachNode(node: PathNode, fn: (n: PathNode) => void): void {
  fn(node);
  switch (node.type) {
    case "CAT":
      eachNode(node.left, fn);
      eachNode(node.right, fn);
      break;
    case "GROUP":
    case "STAR":
      eachNode(node.left, fn);
      break;
    case "OR":
      node.children.forEach((c) => eachNode(c, fn));
      break;
  }
}

export function pathToString(node: PathNode): string {
  switch (node.type) {
    case "CAT":
      return pathToString(node.left) + pathToString(node.right);
    case "GROUP":
      return "(" + pathToString(node.left) + ")";
    case "OR":
      return node.children.map(pathToString).join("|");
    case "STAR":
      return node.left.text;
    default:
      return node.text;
  }
}

/** Every parameter name, in order (`Path::Pattern#names`). */
export function names(ast: PathNode): string[] {
  const out: string[] = [];
  eachNode(ast, (n) => {
    if (n.type === "SYMBOL") out.push(n.name);
  });
  return out;
}

/** Names inside an optional group (`Path::Pattern#optional_names`). */
export function optionalNames(ast: PathNode): string[] {
  const out: string[] = [];
  eachNode(ast, (n) => {
    if (n.type === "GROUP") out.push(...names(n));
  });
  return [...new Set(out)];
}

export function requiredNames(ast: PathNode): string[] {
  const optional = new Set(optionalNames(ast));
  return names(ast).filter((n) => !optional.has(n));
}

/** Everything the mapper derives from a path. */
export interface PathInfo {
  /** The parse tree, built on first use (recognition needs it; drawing does not). */
  readonly ast: PathNode;
  text: string;
  names: string[];
  required: string[];
  optional: string[];
  /** Names of `*glob` segments, in order. */
  stars: string[];
  /** Every parameter segment in order, globs marked. */
  segments: { name: string; glob: boolean }[];
}

/**
 * Analyses of the paths the one-pass scanner leaves to the full parser, in two generations
 * of at most `GENERATION` each: a redraw finds the ones it made last time, and the tables
 * stay small. Scanned paths are not kept: a lookup (hashing a path just built, probing a
 * table that misses the CPU cache) cost more than scanning again.
 */
const GENERATION = 4096;
let recent = new Map<string, PathInfo>();
let older = new Map<string, PathInfo>();

/** Parses and analyses a path; throws PathSyntaxError like `parsePath` (`rails80`: like `parsePath80` where Racc's grammar rejects it). */
export function analyzePath(path: string, rails80 = false): PathInfo {
  const scanned = scanPath(path);
  if (scanned) return scanned;
  if (rails80) {
    try {
      parsePath(path);
    } catch (e) {
      if (e instanceof PathSyntaxError) return analyzeAst(parsePath80(path));
      throw e;
    }
  }
  let info = recent.get(path);
  if (info) return info;
  info = older.get(path) ?? analyzeTree(path);
  if (recent.size >= GENERATION) {
    older = recent;
    recent = new Map();
  }
  recent.set(path, info);
  return info;
}

/** The full route: parse, then walk the tree. */
function analyzeTree(path: string): PathInfo {
  return analyzeAst(parsePath(path));
}

function analyzeAst(ast: PathNode): PathInfo {
  const stars: string[] = [];
  const segments: PathInfo["segments"] = [];
  eachNode(ast, (n) => {
    if (n.type === "STAR") {
      stars.push(n.left.name);
      segments.push({ name: n.left.name, glob: true });
    } else if (n.type === "SYMBOL" && !n.greedy) segments.push({ name: n.name, glob: false });
  });
  return { ast, text: pathToString(ast), names: names(ast), required: requiredNames(ast), optional: optionalNames(ast), stars, segments };
}

/** Ruby's `\w` (ASCII): a word character. */
export const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
/** Journey's LITERAL class `[\w%\-~!$&'*+,;=@]`. */
const isLiteral = (c: number) => isWordChar(c) || c === 37 || c === 45 || c === 126 || c === 33 || c === 36 || c === 38 || c === 39 || c === 42 || c === 43 || c === 44 || c === 59 || c === 61 || c === 64;

/**
 * One pass over a path with Journey's tokenizer rules, for the common shape: no `|`, no
 * backslash escapes, balanced non-empty groups. Returns undefined for anything else, which
 * the full parser then handles (and reports, as Rails does).
 */
function scanPath(path: string): PathInfo | undefined {
  if (path === "" || path.includes("|") || path.includes("\\")) return undefined;
  // Lists are made for the first name that needs them: an empty array grown by `push` is
  // a backing store of seventeen slots, and most paths have one name or two.
  let names: string[] | undefined;
  let optional: string[] | undefined;
  let stars: string[] | undefined;
  let segments: { name: string; glob: boolean }[] | undefined;
  let depth = 0;
  let emptyGroup = false;
  // Inside a literal run a `*` is part of the literal, not the start of a glob.
  let inLiteral = false;
  for (let i = 0; i < path.length; ) {
    const c = path.charCodeAt(i);
    if (c === 40 /* ( */) {
      depth++;
      emptyGroup = true;
      inLiteral = false;
      i++;
      continue;
    }
    if (c === 41 /* ) */) {
      if (depth === 0 || emptyGroup) return undefined;
      depth--;
      inLiteral = false;
      i++;
      continue;
    }
    emptyGroup = false;
    if ((c === 58 /* : */ || (c === 42 /* * */ && !inLiteral)) && isWordChar(path.charCodeAt(i + 1))) {
      let j = i + 1;
      while (j < path.length && isWordChar(path.charCodeAt(j))) j++;
      const name = path.slice(i + 1, j);
      names = names ? names.concat(name) : [name];
      if (depth > 0 && !optional?.includes(name)) optional = optional ? optional.concat(name) : [name];
      if (c === 42) stars = stars ? stars.concat(name) : [name];
      const segment = { name, glob: c === 42 };
      segments = segments ? segments.concat(segment) : [segment];
      inLiteral = false;
      i = j;
      continue;
    }
    inLiteral = c !== 47 /* / */ && c !== 46 /* . */ && isLiteral(c);
    i++;
  }
  if (depth !== 0) return undefined;
  if (!names) return new ScannedPath(path, NONE, NONE, NONE, NONE, NO_SEGMENTS);
  const required = optional ? names.filter((n) => !optional!.includes(n)) : names;
  return new ScannedPath(path, names, required, optional ?? NONE, stars ?? NONE, segments!);
}

// Shared by every path without names; analyses are never modified.
const NONE: string[] = [];
const NO_SEGMENTS: { name: string; glob: boolean }[] = [];

/** A scanned path: its tree is parsed only if someone asks for it. */
class ScannedPath implements PathInfo {
  // Fields as the constructor's assignments, every one of them, in one order (`declare`):
  // see `ExtendedPath`.
  declare readonly text: string;
  declare readonly names: string[];
  declare readonly required: string[];
  declare readonly optional: string[];
  declare readonly stars: string[];
  declare readonly segments: { name: string; glob: boolean }[];
  private declare tree: PathNode | undefined;
  constructor(text: string, names: string[], required: string[], optional: string[], stars: string[], segments: { name: string; glob: boolean }[]) {
    this.text = text;
    this.names = names;
    this.required = required;
    this.optional = optional;
    this.stars = stars;
    this.segments = segments;
    this.tree = undefined;
  }
  get ast(): PathNode {
    return (this.tree ??= parsePath(this.text));
  }
}

/*
 * Extending a path's analysis. The standard routes of a resource are its scope's path plus
 * a segment or two (`posts`, `:id`, `edit`) and `(.:format)`. Drawing only needs to know
 * that such a path is plain; its names are read when the route is printed or used. So the
 * extension is checked when drawn and worked out on first read, from the scope's analysis,
 * instead of building, scanning and analysing every full path.
 */

const FORMAT_SEGMENT = { name: "format", glob: false };
const WITH_FORMAT = "(.:format)";

/**
 * Whether `suffix` is plain segments joined by `/` (`posts/:id/edit`): what `extendedPath` takes.
 * A segment is a literal of word characters and `-`, or `:name`. A regular expression, not a
 * loop over the characters: this runs for every standard route, mostly in a one-shot run that
 * V8 never optimises, where its regular expressions run as native code and a loop does not.
 */
const PLAIN_SUFFIX = /^(?::\w+|[\w-]+)(?:\/(?::\w+|[\w-]+))*$/;
export const isPlainSuffix = (suffix: string): boolean => PLAIN_SUFFIX.test(suffix);

/**
 * What `analyzePath(base.text + "/" + suffix)` returns for a plain suffix, followed by
 * `"(.:format)"` if `format`, worked out on first read; undefined for any other suffix.
 * `base` must be a path's own analysis, as `analyzePath` returns for a scanned path.
 */
export function extendedPath(base: PathInfo, suffix: string, format: boolean): PathInfo | undefined {
  return isPlainSuffix(suffix) ? extendPlainPath(base, suffix, format) : undefined;
}

/** `extendedPath` for a suffix the caller has already checked with `isPlainSuffix`. */
export function extendPlainPath(base: PathInfo, suffix: string, format: boolean): PathInfo | undefined {
  return base instanceof ScannedPath ? new ExtendedPath(base, suffix, format) : undefined;
}

class ExtendedPath implements PathInfo {
  // One per standard route. Its fields are the constructor's assignments, all of them, in one
  // order (`declare`, so ES2022's [[Define]] of each field, an IC call in baseline code and a
  // call of the class's field initialiser, does not come first): every instance has one shape
  // from the start, and a cold run pays one store per field (docs/benchmarks.md, coldmap).
  private declare readonly base: ScannedPath;
  private declare readonly suffix: string;
  private declare readonly format: boolean;
  private declare full: ScannedPath | undefined;
  private declare joined: string | undefined;
  constructor(base: ScannedPath, suffix: string, format: boolean) {
    this.base = base;
    this.suffix = suffix;
    this.format = format;
    this.full = undefined;
    this.joined = undefined;
  }
  get text(): string {
    // What `info` would join, without working out the names (the sheet prints only the text).
    // Kept once joined: the sheet reads a path for its description, its width and its line,
    // and V8 flattens each newly joined text again.
    if (this.full) return this.full.text;
    return (this.joined ??= this.format ? `${this.base.text}/${this.suffix}${WITH_FORMAT}` : `${this.base.text}/${this.suffix}`);
  }
  get names(): string[] {
    return this.info.names;
  }
  get required(): string[] {
    return this.info.required;
  }
  get optional(): string[] {
    return this.info.optional;
  }
  get stars(): string[] {
    return this.info.stars;
  }
  get segments(): { name: string; glob: boolean }[] {
    return this.info.segments;
  }
  get ast(): PathNode {
    return this.info.ast;
  }
  private get info(): ScannedPath {
    if (this.full) return this.full;
    let info = this.base;
    for (const segment of this.suffix.split("/")) info = withSegment(info, segment);
    return (this.full = this.format ? withFormat(info) : info);
  }
}

/** `base` and one more plain segment. */
function withSegment(base: ScannedPath, segment: string): ScannedPath {
  const text = `${base.text}/${segment}`;
  if (segment.charCodeAt(0) !== 58 /* : */) return new ScannedPath(text, base.names, base.required, base.optional, base.stars, base.segments);
  const name = segment.slice(1);
  const names = base.names.concat(name);
  const required = names.filter((n) => !base.optional.includes(n));
  return new ScannedPath(text, names, required, base.optional, base.stars, base.segments.concat({ name, glob: false }));
}

/** `base` followed by `(.:format)`. */
function withFormat(base: ScannedPath): ScannedPath {
  const names = base.names.concat("format");
  const optional = base.optional.includes("format") ? base.optional : base.optional.concat("format");
  const required = names.filter((n) => !optional.includes(n));
  return new ScannedPath(base.text + WITH_FORMAT, names, required, optional, base.stars, base.segments.concat(FORMAT_SEGMENT));
}

/** The analysis of the empty path (the root scope's), to extend. */
export const EMPTY_PATH: PathInfo = new ScannedPath("", [], [], [], [], []);

/**
 * `analyzePath` of a path recorded by an earlier evaluation (dsl/drawMemoStore.ts): one of a
 * standard route's shape (`/`, plain segments, an optional `(.:format)`) is the empty path
 * extended, worked out when first read past its text; printing the sheet reads only the text,
 * and scanning each of 20,000 restored paths was an eighth of replaying them. Any other is
 * analysed at once, so that a damaged recording throws here, where its restore is refused.
 */
export function restoredPath(path: string): PathInfo {
  const format = path.endsWith(WITH_FORMAT);
  const suffix = path.slice(1, format ? -WITH_FORMAT.length : path.length);
  return (path.startsWith("/") && extendedPath(EMPTY_PATH, suffix, format)) || analyzePath(path);
}
