/**
 * Each file's URL uses as facts of its text (`RouteMapper.fileUses`), worked out once per text
 * and shared by everything that reads them: `routemap check` and the whole app's problems
 * (helperCalls.ts), references and rename (urlUses.ts). Held in memory per path while the
 * text is the same (an open document's version, or the disk's), and, when given one, in the
 * user's cache folder between runs (cli/fileFactsCache.ts). What depends on the route table or
 * on other files (the routes a call reaches, a polymorphic target's helpers from its models'
 * naming) is worked out from these each time, which costs little next to the parse.
 */
import type { ControllerFile, FileUses, RouteMapper } from "@routemap/shared-mapper";
import { decodeBodies, decodeUses, encodeUses, FileFactsCache, type FactsKind } from "../cli/fileFactsCache.js";

export class FileUsesStore {
  private readonly byPath = new Map<string, { key: string; uses: FileUses }>();
  /** Files parsed (not found in memory or on disk): what the benchmarks and tests count. */
  parsed = 0;

  constructor(private readonly disk?: FileFactsCache) {}

  /** A file's uses; `targets`: whether polymorphic targets are looked for, and as in a controller's file. */
  of(mapper: RouteMapper, path: string, text: string, targets?: { controller: boolean }): FileUses {
    const kind: FactsKind = !targets ? "e" : targets.controller ? "c" : "a";
    const key = FileFactsCache.key(kind, path, text);
    const hit = this.byPath.get(path);
    if (hit && hit.key === key) return hit.uses;
    let uses = this.disk?.get(key, path, decodeUses);
    if (!uses) {
      uses = mapper.fileUses(path, text, targets);
      this.parsed++;
      this.disk?.set(key, encodeUses(uses));
    }
    this.byPath.set(path, { key, uses });
    return uses;
  }

  /**
   * A controller's (or included module's) class and module bodies, for `RouteMapper.controllers`'
   * `bodies`: from the cache folder when there, else read (the mapper keeps them in memory per text itself).
   */
  readonly bodies = (path: string, text: string, read: () => ControllerFile): ControllerFile => {
    if (!this.disk) return read();
    const key = FileFactsCache.key("k", path, text);
    const found = this.disk.get(key, path, decodeBodies);
    if (found) return found;
    const made = read();
    this.parsed++;
    this.disk.set(key, made);
    return made;
  };

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
