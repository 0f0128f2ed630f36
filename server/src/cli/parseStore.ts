/**
 * Prism's output for the routes' files (shared-mapper's `ParseStore`), kept between runs of
 * `routemap routes` and `routemap check`: a run whose routes files are unchanged reads each one's
 * parse from the cache folder instead of running Prism over it again (on the 10,000 routes of
 * `npm run bench`, Prism's part of the parse was about 40 ms of 480; reading its tree stays).
 * Rails apps do the like with bootsnap, which keeps Ruby's compiled code of the files they load.
 *
 * Where: the user's cache folder (`cacheFolder`: $ROUTEMAP_CACHE_DIR, `off` or empty turning it
 * off), under `parses/`, one file per source path (a CRC-32 of the path names it: two paths that
 * meet take turns, each finding the other's source there and parsing). A file holds the source's
 * bytes whole, and is used only for exactly those bytes, parsed by the same Prism (a CRC-32 and the
 * length of prism.wasm as read: `identity`) in the same mode; its output is used only when its
 * CRC-32 is the one written with it, as a damaged buffer could read as another tree. Written whole
 * or not at all (a rename); files unused for a month are removed when another is written, and
 * past `MAX_FOLDER_BYTES` the least recently used. Any failure to read or write only costs the time.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as zlib from "node:zlib";
import type { ParseStore, RouteMapper } from "@routemap/shared-mapper";
import { createNodeMapper } from "@routemap/shared-mapper/node";
import { writeAtomically } from "./atomicWrite.js";
import { isCacheFile } from "./cacheFile.js";
import { prune, touch } from "./fileFactsCache.js";
import { cacheFolder } from "./gemCache.js";

const MAGIC = 0x31504d52; // "RMP1", little-endian
/** The header's size: magic, mode, Prism's CRC-32 and length, the source's length, the output's length and CRC-32. */
const HEADER = 28;
/** Sources larger than this are not kept (a routes file of 10,000 routes is about 130 KB). */
const MAX_SOURCE_BYTES = 8 << 20;
/** Prism's output is about three times its source. */
const MAX_FILE_BYTES = HEADER + 5 * MAX_SOURCE_BYTES;
/** The folder's files together: past this, the least recently used go. */
const MAX_FOLDER_BYTES = 64 << 20;

type Crc32 = (data: Uint8Array, value?: number) => number;

/** zlib's CRC-32 (Node 20.15 and later), or undefined: then nothing is kept. */
const crc32 = (zlib as { crc32?: Crc32 }).crc32;

/** The store in `folder` (the user's cache folder), for the Prism of `prismWasm`; undefined without a folder or a CRC-32. */
export function parseStoreIn(folder: string | undefined, prismWasm: Uint8Array): DiskParseStore | undefined {
  if (!folder || typeof crc32 !== "function") return undefined;
  return new DiskParseStore(join(folder, "parses"), { crc: crc32(prismWasm), length: prismWasm.length }, crc32);
}

interface Identity {
  crc: number;
  length: number;
}

/** A command's mapper, its routes' parses kept in the user's cache folder (`store()`: the store, once made). */
export async function keepingMapper(): Promise<{ mapper: RouteMapper; store(): DiskParseStore | undefined }> {
  let store: DiskParseStore | undefined;
  const mapper = await createNodeMapper({ parseStore: (wasm) => (store = parseStoreIn(cacheFolder(), wasm)) });
  return { mapper, store: () => store };
}

/** What `ROUTEMAP_TIMINGS=1` says of the store. */
export const parseStoreReport = (store: DiskParseStore | undefined): string =>
  `routemap: routes files' parses kept: ${store ? `${store.stats.used} used, ${store.stats.made} made` : "off"}\n`;

export class DiskParseStore implements ParseStore {
  readonly stats = { used: 0, made: 0 };
  private pruned = false;

  constructor(
    private readonly dir: string,
    private readonly identity: Identity,
    private readonly crc: Crc32,
  ) {}

  get(path: string, source: Uint8Array, template: boolean): Uint8Array | undefined {
    const file = this.fileOf(path, template);
    if (source.length > MAX_SOURCE_BYTES || !isCacheFile(file, MAX_FILE_BYTES)) return undefined;
    let data: Buffer;
    try {
      data = readFileSync(file);
    } catch {
      return undefined;
    }
    const serialized = this.check(data, source, template);
    if (!serialized) return undefined;
    this.stats.used++;
    touch(file);
    return serialized;
  }

  put(path: string, source: Uint8Array, template: boolean, serialized: Uint8Array): void {
    if (source.length > MAX_SOURCE_BYTES || HEADER + source.length + serialized.length > MAX_FILE_BYTES) return;
    const header = Buffer.alloc(HEADER);
    header.writeUInt32LE(MAGIC, 0);
    header.writeUInt32LE(template ? 1 : 0, 4);
    header.writeUInt32LE(this.identity.crc, 8);
    header.writeUInt32LE(this.identity.length, 12);
    header.writeUInt32LE(source.length, 16);
    header.writeUInt32LE(serialized.length, 20);
    header.writeUInt32LE(this.crc(serialized), 24);
    if (!writeAtomically(this.fileOf(path, template), Buffer.concat([header, source, serialized]))) return;
    this.stats.made++;
    if (!this.pruned) prune(this.dir, ".prism", MAX_FOLDER_BYTES);
    this.pruned = true;
  }

  /** The output `data` holds, when it is this Prism's, in this mode, for exactly `source`, and whole. */
  private check(data: Buffer, source: Uint8Array, template: boolean): Uint8Array | undefined {
    if (data.length < HEADER || data.readUInt32LE(0) !== MAGIC || data.readUInt32LE(4) !== (template ? 1 : 0)) return undefined;
    if (data.readUInt32LE(8) !== this.identity.crc || data.readUInt32LE(12) !== this.identity.length) return undefined;
    const sourceLength = data.readUInt32LE(16);
    const length = data.readUInt32LE(20);
    if (sourceLength !== source.length || data.length !== HEADER + sourceLength + length) return undefined;
    if (Buffer.compare(data.subarray(HEADER, HEADER + sourceLength), source) !== 0) return undefined;
    const serialized = data.subarray(HEADER + sourceLength);
    return this.crc(serialized) === data.readUInt32LE(24) ? serialized : undefined;
  }

  /** One file per path and mode: the CRC-32 of the path (and its length) names it. */
  private fileOf(path: string, template: boolean): string {
    const bytes = Buffer.from(path, "utf8");
    return join(this.dir, `${this.crc(bytes).toString(16).padStart(8, "0")}-${bytes.length}${template ? "-t" : ""}.prism`);
  }
}
