/**
 * Each file's URL uses as facts of its text (`RouteMapper.fileUses`), worked out once per text
 * and shared by everything that reads them: `routemap check` and the whole app's problems
 * (helperCalls.ts), references and rename (urlUses.ts). Held in memory per path while the
 * text is the same (an open document's version, or the disk's), and, when given one, in the
 * user's cache folder between runs (cli/fileFactsCache.ts). What depends on the route table or
 * on other files (the routes a call reaches, a polymorphic target's helpers from its models'
 * naming) is worked out from these each time, which costs little next to the parse.
 */
import type { FileUses, RouteMapper } from "@routemap/shared-mapper";
import { FileFactsCache, type UsesMode } from "../cli/fileFactsCache.js";

export class FileUsesStore {
  private readonly byPath = new Map<string, { key: string; uses: FileUses }>();
  /** Files parsed (not found in memory or on disk): what the benchmarks and tests count. */
  parsed = 0;

  constructor(private readonly disk?: FileFactsCache) {}

  /** A file's uses; `targets`: whether polymorphic targets are looked for, and as in a controller's file. */
  of(mapper: RouteMapper, path: string, text: string, targets?: { controller: boolean }): FileUses {
    const mode: UsesMode = !targets ? "e" : targets.controller ? "c" : "a";
    const key = FileFactsCache.key(mode, path, text);
    const hit = this.byPath.get(path);
    if (hit && hit.key === key) return hit.uses;
    let uses = this.disk?.get(key, path);
    if (!uses) {
      uses = mapper.fileUses(path, text, targets);
      this.parsed++;
      this.disk?.set(key, uses);
    }
    this.byPath.set(path, { key, uses });
    return uses;
  }

  /** A file that went: its facts are dropped. */
  forget(path: string): void {
    this.byPath.delete(path);
  }

  /** Writes what was made to the cache folder, if there is one. */
  save(): void {
    this.disk?.save();
  }

  get cacheStats() {
    return this.disk?.stats;
  }
}
