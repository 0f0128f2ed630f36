/**
 * Node's `crypto`, loaded on first use. The caches that hash (the gems' facts, each file's facts)
 * serve `check` and apps with gems; a plain `routemap routes` never hashes, and loading crypto
 * (fifteen of Node's internal modules) cost its cold run 4–5 ms (docs/benchmarks.md).
 */
import { createRequire } from "node:module";
import type { Hash } from "node:crypto";

let crypto: typeof import("node:crypto") | undefined;

export type { Hash };

export function createHash(algorithm: string): Hash {
  crypto ??= createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
  return crypto.createHash(algorithm);
}

/**
 * `crypto.hash(algorithm, data, "base64url")`, one call for a digest (Node 20.12 and later), or
 * undefined where Node lacks it: a hash object per digest cost about three times as much on
 * small inputs (a large app's 35,000 files' keys, fileFactsCache.ts).
 */
export function oneShotHash(): ((algorithm: string, data: string, encoding: "base64url") => string) | undefined {
  crypto ??= createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
  return (crypto as { hash?: (algorithm: string, data: string, encoding: "base64url") => string }).hash;
}

let hashOnce: ReturnType<typeof oneShotHash> | null;

/**
 * A text's SHA-256, base64url: what the files' facts are keyed by (fileFactsCache.ts), worked
 * out where the text is read (the second core's reader, textReader.ts) when it can be.
 */
export function textDigest(text: string): string {
  const once = (hashOnce ??= oneShotHash() ?? null);
  return once ? once("sha256", text, "base64url") : createHash("sha256").update(text).digest("base64url");
}
