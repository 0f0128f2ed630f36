/**
 * Kernel#format (`sprintf`, `String#%`): flags, width, precision, `*`, positional `%1$s`,
 * named `%<name>s` and `%{name}`, and the conversions routes files use (s d i u f e g x o b
 * c p %). Messages of the ArgumentErrors and KeyErrors are Ruby's.
 */
import { inspect } from "../ruby/print.js";
import { RHash, RSymbol, RUnknown, RValue, UnknownValueError, numberValue, stringValue, sym } from "../ruby/values.js";
import { rubyError, toInt, type Runtime } from "./runtime.js";

const SPEC = /%([-+ 0#]*)(?:(\d+)\$)?([-+ 0#]*)(\*|\d+)?(?:\.(\*|\d+))?([a-zA-Z%])|%<(\w+)>([-+ 0#]*)(\d+)?(?:\.(\d+))?([a-zA-Z])|%\{(\w+)\}|%(.?)/g;

export function format(rt: Runtime, template: string, args: RValue[]): string {
  let next = 0;
  const hash = () => {
    const h = args[0];
    if (!(h instanceof RHash) || args.length !== 1) throw rubyError("ArgumentError", "one hash required");
    return h;
  };
  const named = (name: string) => {
    const h = hash();
    const v = h.get(sym(name));
    if (v === undefined) throw rubyError("KeyError", `key<${name}> not found`);
    return v;
  };
  const arg = (position?: string) => {
    if (position) return args[Number(position) - 1] ?? tooFew();
    if (next >= args.length) tooFew();
    return args[next++];
  };
  return template.replace(SPEC, (whole, f1, pos, f2, width, prec, conv, name, nflags, nwidth, nprec, nconv, brace, stray) => {
    if (brace !== undefined) return textOf(rt, named(brace));
    if (stray !== undefined) {
      if (stray === "" || stray === "\n") return "%";
      throw rubyError("ArgumentError", `malformed format string - %${stray}`);
    }
    if (name !== undefined) return convert(rt, nconv, named(name), { flags: nflags ?? "", width: nwidth, prec: nprec });
    if (conv === "%") return "%";
    const w = width === "*" ? String(toInt(arg())) : width;
    const p = prec === "*" ? String(toInt(arg())) : prec;
    void whole;
    return convert(rt, conv, arg(pos), { flags: (f1 ?? "") + (f2 ?? ""), width: w, prec: p });
  });
}

function tooFew(): never {
  throw rubyError("ArgumentError", "too few arguments");
}

interface Spec {
  flags: string;
  width?: string;
  prec?: string;
}

function convert(rt: Runtime, conv: string, v: RValue, spec: Spec): string {
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  switch (conv) {
    case "s":
      return pad(textOf(rt, v).slice(0, spec.prec === undefined ? undefined : Number(spec.prec)), spec);
    case "p":
      return pad(inspect(v, rt.ruby), spec);
    case "d":
    case "i":
    case "u":
      return integerText(toInteger(v), 10, spec);
    case "x":
      return integerText(toInteger(v), 16, spec, "0x");
    case "X":
      return integerText(toInteger(v), 16, spec, "0X").toUpperCase();
    case "o":
      return integerText(toInteger(v), 8, spec, "0");
    case "b":
      return integerText(toInteger(v), 2, spec, "0b");
    case "B":
      return integerText(toInteger(v), 2, spec, "0B");
    case "c":
      return pad(typeof v === "number" ? String.fromCodePoint(v) : textOf(rt, v).slice(0, 1), spec);
    case "f":
    case "e":
    case "E":
    case "g":
    case "G":
      return floatText(toFloat(v), conv, spec);
  }
  throw rubyError("ArgumentError", `malformed format string - %${conv}`);
}

const textOf = (rt: Runtime, v: RValue) => {
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  const s = rt.send(v, "to_s", [], null);
  if (s instanceof RUnknown) throw new UnknownValueError(s);
  return stringValue(s) ?? "";
};

function toInteger(v: RValue): number {
  const n = numberValue(v);
  if (n !== undefined) return Math.floor(n);
  if (typeof v === "string" && /^\s*[-+]?\d+\s*$/.test(v)) return Number(v);
  if (v === null) throw rubyError("TypeError", "can't convert nil into Integer");
  return toInt(v);
}

function toFloat(v: RValue): number {
  const n = numberValue(v);
  if (n !== undefined) return n;
  if (typeof v === "string" && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(v)) return Number(v);
  if (v === null) throw rubyError("TypeError", "can't convert nil into Float");
  if (v instanceof RSymbol) throw rubyError("TypeError", "can't convert Symbol into Float");
  throw rubyError("ArgumentError", `invalid value for Float(): ${inspect(v)}`);
}

function sign(n: number, flags: string): string {
  if (n < 0 || Object.is(n, -0)) return "-";
  return flags.includes("+") ? "+" : flags.includes(" ") ? " " : "";
}

function integerText(n: number, base: number, spec: Spec, prefix = ""): string {
  let digits = Math.abs(n).toString(base);
  if (spec.prec !== undefined) digits = digits.padStart(Number(spec.prec), "0");
  const head = sign(n, spec.flags) + (spec.flags.includes("#") && n !== 0 ? prefix : "");
  return padNumber(head, digits, spec, spec.prec === undefined);
}

function floatText(n: number, conv: string, spec: Spec): string {
  const prec = spec.prec === undefined ? 6 : Number(spec.prec);
  let body: string;
  if (!Number.isFinite(n)) body = Number.isNaN(n) ? "NaN" : "Inf";
  else if (conv === "f") body = Math.abs(n).toFixed(prec);
  else if (conv === "e" || conv === "E") body = exponent(Math.abs(n).toExponential(prec));
  else body = general(Math.abs(n), prec === 0 ? 1 : prec, spec.flags.includes("#"));
  if (conv === "E" || conv === "G") body = body.toUpperCase();
  return padNumber(sign(n, spec.flags), body, spec, Number.isFinite(n));
}

/** C's exponent has at least two digits: `1.5e+01`. */
const exponent = (s: string) => s.replace(/e([+-])(\d)$/, "e$10$2");

/** `%g`: `%e` when the exponent is below -4 or at least the precision, else `%f`; trailing zeros dropped. */
function general(n: number, prec: number, keepZeros: boolean): string {
  if (n === 0) return keepZeros ? (0).toFixed(prec - 1) : "0";
  const exp = Math.floor(Math.log10(n));
  const text = exp < -4 || exp >= prec ? exponent(n.toExponential(prec - 1)) : n.toFixed(Math.max(0, prec - 1 - exp));
  if (keepZeros) return text;
  return text.replace(/\.?0+(e|$)/, "$1").replace(/\.(e|$)/, "$1");
}

function padNumber(head: string, body: string, spec: Spec, zeroAllowed: boolean): string {
  const width = spec.width === undefined ? 0 : Number(spec.width);
  const len = head.length + body.length;
  if (len >= width) return head + body;
  if (spec.flags.includes("-")) return head + body + " ".repeat(width - len);
  if (spec.flags.includes("0") && zeroAllowed) return head + "0".repeat(width - len) + body;
  return " ".repeat(width - len) + head + body;
}

function pad(text: string, spec: Spec): string {
  const width = spec.width === undefined ? 0 : Number(spec.width);
  const len = [...text].length;
  if (len >= width) return text;
  return spec.flags.includes("-") ? text + " ".repeat(width - len) : " ".repeat(width - len) + text;
}

