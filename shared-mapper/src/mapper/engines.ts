/**
 * Rails engines as `Rails::Engine`/`Railtie` (railties) and `RouteSet#eval_block` treat
 * them: an engine has its own route set (`Blog::Engine.routes.draw`), a name used for its
 * mount (`railtie_name`, or the isolated namespace's name), and `isolate_namespace` gives its
 * routes a default `module` scope. `rails routes` prints each mounted engine's routes in a
 * section of their own.
 */
import { underscore } from "../inflector.js";
import { RouteSet, type NameRules } from "./routeSet.js";

export interface EngineClass {
  /** `isolate_namespace Blog` → "Blog". */
  isolatedNamespace?: string;
  /** An explicit `engine_name "blog"`. */
  engineName?: string;
  /** The file whose class body was read. */
  file?: string;
}

export class EngineRegistry {
  /** `rules`: what the route sets do with names (`nameRules`). */
  constructor(private readonly rules?: NameRules) {}
  /** Engine classes defined in the routes files (`class Engine < ::Rails::Engine`). */
  readonly classes = new Map<string, EngineClass>();
  /** Route sets drawn with `<Engine>.routes.draw`, by constant path, in drawing order. */
  readonly sets = new Map<string, RouteSet>();
  /** Engines whose guessed name and namespace have been said at a mount (once each). */
  private readonly guessesSaid = new Set<string>();

  /**
   * Whether a mounted constant is an engine. Engines usually come from gems we cannot see,
   * so a constant named `...::Engine` counts as one too.
   */
  isEngine(path: string): boolean {
    return this.classes.has(path) || this.sets.has(path) || /(^|::)Engine$/.test(path);
  }

  /** The default `module` scope of the engine's routes (`isolate_namespace`). */
  defaultModule(path: string): string | undefined {
    const ns = this.isolation(path);
    return ns ? underscore(ns) : undefined;
  }

  /** `railtie_name`/`engine_name`: the name a mount of this engine gets. */
  railtieName(path: string): string {
    const cls = this.classes.get(path);
    if (cls?.engineName) return cls.engineName;
    const ns = this.isolation(path);
    return underscore(ns ?? path).replace(/\//g, "_");
  }

  /**
   * What a mount of `path` takes by convention because the engine's class is in none of the
   * files read (its gem not installed, or not found): a sentence saying so, the first time only;
   * undefined when the class is known. (The engine's routes files are drawn after the app's, so
   * whether it has routes is not known yet at the mount: the namespace is named either way.)
   */
  guessAtMount(path: string, named: boolean): string | undefined {
    if (this.classes.has(path) || this.guessesSaid.has(path) || !this.isEngine(path)) return undefined;
    this.guessesSaid.add(path);
    const ns = this.isolation(path);
    const guessed = [named ? `its name \`${this.railtieName(path)}\`` : "", ns ? `its routes' controller namespace \`${underscore(ns)}/\`` : ""].filter(Boolean);
    if (!guessed.length) return undefined;
    return (
      `Routemap does not have the source of \`${path}\` (no file it reads defines the class: its gem is not installed or not found, or the class is defined where Routemap does not look), ` +
      `so it takes ${guessed.join(" and ")} as \`rails plugin new --mountable\` generates them; the engine's own \`isolate_namespace\` or \`engine_name\` may say otherwise.`
    );
  }

  /** Drawn route set of an engine, created on first use. */
  setFor(path: string): RouteSet {
    let set = this.sets.get(path);
    if (!set) {
      set = new RouteSet(0, this.rules);
      this.sets.set(path, set);
    }
    return set;
  }

  /** The namespace the engine's class isolates (null: none), as read; undefined when no file read defines the class. */
  isolationRead(path: string): string | null | undefined {
    const cls = this.classes.get(path);
    return cls ? (cls.isolatedNamespace ?? null) : undefined;
  }

  private isolation(path: string): string | undefined {
    const cls = this.classes.get(path);
    if (cls) return cls.isolatedNamespace;
    // An engine we only know by name: generated engines (`rails plugin new --mountable`)
    // isolate their namespace, so assume `X::Engine` isolates `X`.
    const m = /^(.*)::Engine$/.exec(path);
    return m ? m[1] : undefined;
  }
}
