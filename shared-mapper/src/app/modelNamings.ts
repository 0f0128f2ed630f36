/**
 * Models' `ActiveModel::Name` (modelNaming.ts `readNaming`) kept between the files that ask, and
 * the model and controller files read for polymorphic targets parsed outside the routes' parse
 * cache. Every file with a target asked its model's naming again, and every model and template's
 * controller parsed for it stayed in that cache: on issue 30's large app, 5,000 models and 5,000
 * controllers' trees held to the end of `routemap check`, each model's naming worked out once per
 * file that names it, and `application_record.rb` read once per model.
 *
 * A naming is used again only while it is sure to be the same: the same root and inflection
 * rules (`withInflections`, by identity: a map makes new ones), and every file it read (the
 * model, its superclasses, the modules they include, its namespaces, `application_record.rb`)
 * has the same text now, or is still absent. That is all `readNaming` reads. Of a model file only
 * its facts are kept (modelNaming.ts `modelFileFacts`), or taken from the host's (`modelFacts`).
 */
import type { Inflections } from "../inflector.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { modelFileFacts, readNaming, type ModelFileFacts } from "./modelNaming.js";
import type { ModelNaming } from "./polymorphic.js";

interface Kept {
  inflections: Inflections | undefined;
  /** Each file the naming read, by path, and its text then (undefined: not there). */
  reads: Map<string, string | undefined>;
  naming: ReturnType<ModelNaming>;
}

/** The parsed trees kept for polymorphic targets: a template's controller serves its folder's other templates, `application_record.rb` every model. */
const RECENT_TREES = 32;

export class ModelNamings {
  private readonly byClass = new Map<string, Kept>();
  private readonly recent = new Map<string, { text: string; loaded: LoadedFile }>();

  constructor(private readonly parse: (path: string, text: string) => LoadedFile) {}

  /** The naming of the app's models at `root`, read through `read`; the caller sets `inflections` active (`withInflections`). */
  namingOf(o: { root: string; read: (path: string) => string | undefined; inflections?: Inflections; modelFacts?: ModelFactsOf }): ModelNaming {
    return (className) => {
      const key = `${o.root}\0${className}`;
      const kept = this.byClass.get(key);
      if (kept && kept.inflections === o.inflections && unchanged(kept.reads, o.read)) return kept.naming;
      const reads = new Map<string, string | undefined>();
      const modelFile = (relative: string) => {
        const path = `${o.root}/${relative}`;
        const text = o.read(path);
        reads.set(path, text);
        return text === undefined ? undefined : this.factsOf(path, text, o.modelFacts);
      };
      const naming = readNaming(className, modelFile);
      this.byClass.set(key, { inflections: o.inflections, reads, naming });
      return naming;
    };
  }

  /** A model file's facts, kept while its text is the same: `given`'s (the host's cache), else read from its tree here. */
  private factsOf(path: string, text: string, given: ModelFactsOf | undefined): ModelFileFacts {
    const hit = this.facts.get(path);
    if (hit && hit.text === text) return hit.facts;
    const facts = given?.(path, text) ?? modelFileFacts(this.parse(path, text));
    this.facts.set(path, { text, facts });
    return facts;
  }
  private readonly facts = new Map<string, { text: string; facts: ModelFileFacts }>();

  /** A file's tree, from the last few parsed (the most recently used kept). */
  tree(path: string, text: string): LoadedFile {
    const hit = this.recent.get(path);
    this.recent.delete(path);
    const loaded = hit && hit.text === text ? hit.loaded : this.parse(path, text);
    this.recent.set(path, { text, loaded });
    if (this.recent.size > RECENT_TREES) this.recent.delete(this.recent.keys().next().value!);
    return loaded;
  }
}

/** A host's model file facts (`PolymorphicOptions.modelFacts`): undefined where it has none, and they are read here. */
export type ModelFactsOf = (path: string, text: string) => ModelFileFacts | undefined;

function unchanged(reads: ReadonlyMap<string, string | undefined>, read: (path: string) => string | undefined): boolean {
  for (const [path, text] of reads) if (read(path) !== text) return false;
  return true;
}
