/**
 * The parts of an installed gemspec the gem reader needs, read as text (never run). RubyGems
 * writes installed specifications with `Gem::Specification#to_ruby` (rubygems/specification.rb):
 * one `s.attribute = value` per line, strings as `"…".freeze` with Ruby's escapes, arrays on one
 * line. Only `require_paths` and `files` are read: they say where a Debian gem's code is when its
 * gem directory lacks it.
 */

export interface InstalledSpec {
  requirePaths: string[];
  /** The files the gem was built with, relative to its directory; undefined when the spec does not list them. */
  files?: string[];
}

export function readInstalledSpec(text: string): InstalledSpec {
  return { requirePaths: stringArray(text, "require_paths") ?? ["lib"], files: stringArray(text, "files") };
}

/** `s.<name> = ["a".freeze, "b".freeze]` on one line: its strings; undefined when absent. */
function stringArray(text: string, name: string): string[] | undefined {
  const marker = `s.${name} = [`;
  let at = text.indexOf(`\n  ${marker}`);
  if (at < 0) return undefined;
  at += 3 + marker.length;
  const end = text.indexOf("\n", at);
  const line = text.slice(at, end < 0 ? text.length : end);
  const out: string[] = [];
  // Each string literal, its escapes taken as Ruby's `String#dump` writes them.
  for (const m of line.matchAll(/"((?:[^"\\]|\\.)*)"/g)) out.push(unescape(m[1]));
  return out;
}

function unescape(s: string): string {
  if (!s.includes("\\")) return s;
  return s.replace(/\\(u\{[0-9a-fA-F ]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (_, e: string) => {
    if (e.startsWith("u{")) return String.fromCodePoint(...e.slice(2, -1).trim().split(/ +/).map((h) => parseInt(h, 16)));
    if (e[0] === "u" && e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e[0] === "x" && e.length === 3) return String.fromCharCode(parseInt(e.slice(1), 16));
    return ({ n: "\n", t: "\t", r: "\r", e: "\x1b", s: " ", "0": "\0" } as Record<string, string>)[e] ?? e;
  });
}
