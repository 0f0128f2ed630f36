/**
 * What the node handlers (one module per kind of Ruby: literals, variables, control flow,
 * patterns, definitions, calls) need of the interpreter. The interpreter implements it and
 * imports the handlers; the handlers know only this interface.
 */
import type { KeptRoutes } from "./keptBlocks.js";
import type { GemMapperMethod } from "./gemMappers.js";
import type * as N from "@ruby/prism/src/nodes.js";
import type { Runtime } from "../core/index.js";
import type { LineIndex } from "../ruby/lineIndex.js";
import type { RProc, RUnknown, RValue, RMatch } from "../ruby/values.js";
import type { OpenRegion, Severity, Span } from "../types.js";
import type { Condition, Conditions, Store } from "./branches.js";
import type { ClassRegistry } from "./classes.js";
import type { Env, Self } from "./env.js";
import type { Frames } from "./frames.js";
import type { MapperState } from "../mapper/state.js";
import type { RouteSet } from "../mapper/routeSet.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import type { AppFilesReader } from "../app/constants.js";
import type { RInquirer } from "../ruby/values.js";
import type { LoadKind, MethodDef } from "./classes.js";
import type { DslMethod } from "./dispatch.js";

export type Node = N.Node;

export interface Evaluator extends Runtime {
  readonly store: Store;
  /**
   * The running frame's `$~`: Ruby keeps one per method (and file) frame, which its blocks
   * share wherever they run; `m` undefined when a match under an undecided condition set it.
   */
  matchSlot: { m: RMatch | null | undefined };
  readonly conditions: Conditions;
  readonly frames: Frames;
  readonly classes: ClassRegistry;
  /** The file being evaluated. */
  readonly index: LineIndex;
  /** Whether string literals of the file being evaluated are frozen (`# frozen_string_literal: true`). */
  readonly frozenLiterals: boolean;
  eval(node: Node | null | undefined, env: Env): RValue;
  /**
   * Runs `body` where a `rescue` (or a `catch`) may take what it raises: until it ends, a
   * Ruby exception goes up to it instead of being reported at its statement.
   */
  rescuing<T>(body: () => T): T;
  statements(node: N.StatementsNode | null | undefined, env: Env): RValue;
  report(severity: Severity, message: string, span: Span, code: string): void;
  nodeSpan(node: Node): Span;
  /** The span of the DSL call being evaluated, else the file's start: where a finding without a node of its own is said. */
  source(): Span;
  sourceText(node: Node): string;
  /**
   * The truth of a condition, or undefined where it is an unknown value no branch decided:
   * the caller then runs both branches (`fork`).
   */
  decide(node: Node, value: RValue): boolean | undefined;
  /** Runs `whenTrue` and `whenFalse` under the condition and its negation, and joins what they leave. */
  fork(condition: Condition, whenTrue: () => RValue, whenFalse: () => RValue): RValue;
  /** The condition an unknown value stands for, at `node` (`text`: how to say it, if not the node's text). */
  conditionOf(node: Node, value: RUnknown, text?: string, o?: { quiet?: boolean }): Condition;
  /** The info that a condition is not decided (`conditionOf` says it unless `quiet`). */
  sayUndecided(node: Node, value: RUnknown, text: string): void;
  /** Evaluates a call's arguments (splats spread, keywords as a trailing Hash) and its block. */
  callArguments(node: { arguments_: N.ArgumentsNode | null; block?: Node | null }, env: Env): { args: RValue[]; block: RProc | null };
  makeProc(block: N.BlockNode | N.LambdaNode, env: Env, lambda: boolean): RProc;
  hashElements(elements: Node[], env: Env): RValue;
  /** A constant by name, looked up from the lexical scope of `env`. */
  constant(name: string, env: Env, node?: Node): RValue;
  /** A constant under a value (`Foo::BAR`, `value::BAR`). */
  scopedConstant(parent: RValue, name: string, node: Node): RValue;
  setConstant(name: string, value: RValue, env: Env): void;
  /** `A::B = v` and the like: a constant by its full path. */
  setConstantPath(path: string, value: RValue): void;
  ivar(name: string, self: Self): RValue;
  /**
   * Whether `defined?` finds the class or module `path` the app's files define: run by now
   * (required, an initializer), or found by the autoloader where Rails 6.0 on (Zeitwerk's
   * `autoload`, which `defined?` sees) finds it. False where Routemap cannot tell.
   */
  constantDefined(path: string): boolean;
  /** Whether `self` has the instance variable (`defined?(@x)`, `instance_variable_defined?`); unknown where its methods outside the files may set it. */
  ivarDefined(name: string, self: Self): boolean | RUnknown;
  /** Sets an instance variable of `self`; `at`: the assignment, where one of the mapper's own is said not followed. */
  setIvar(name: string, value: RValue, self: Self, at?: Node): void;
  /** A global's value (a class variable's, by `@@name`); unset, `unset` where given, else unknown. */
  global(name: string, unset?: RValue): RValue;
  /** Whether `path` is an installed gem's file the gems' readers took (`gemMappers.ts`), not the app's. */
  gemFile(path: string): boolean;
  setGlobal(name: string, value: RValue): void;
  /** Calls a method on a value: the files' own, the core library's, or unknown (said once, at `node`). */
  invoke(recv: RValue, name: string, args: RValue[], block: RProc | null, node: Node, env: Env): RValue;
  /** An unknown value made at `node`, shown as the node's text. */
  unknownAt(node: Node, cause: RUnknown): RUnknown;
  /** Routes may be missing at `span`, under the current scope (`MapResult.openRegions`). */
  openRegion(span: Span, reason: string, o?: { unknownScope?: string; nameWord?: string }): void;
  /** Information that a method is not one Routemap knows; its value is unknown. */
  unknownMethod(node: N.CallNode | Node, name: string): void;
  /** Binds values to a method's or block's parameters. */
  bind(params: N.ParametersNode | null, args: RValue[], env: Env, strict?: () => Span): void;
  /** The lexical module nesting at `env` (`["Admin", "Admin::Tools"]`), innermost last. */
  lexicalScope(env: Env): string[];
  /** Runs a class's or module's body with `self` the module. */
  defineModule(path: string, body: Node | null, env: Env, superclass?: RValue): void;
  /** `def`: the method recorded where Ruby records it. */
  defineMethod(node: N.DefNode, env: Env): void;
}

/** What the call handlers need of the interpreter beyond evaluation. */
export interface CallHost extends Evaluator {
  mapper: MapperState;
  /** The app's own route set (`Rails.application.routes`), whichever set the mapper draws into now. */
  readonly appSet: RouteSet;
  readonly mapperModules: string[];
  readonly mapperConditions: Map<string, readonly Condition[]>;
  readonly mapperWithheld: Map<string, string>;
  readonly appended: (() => void)[];
  /** The routes blocks the configuration keeps (keptBlocks.ts). */
  readonly kept: KeptRoutes;
  /** The configuration file running now, the outermost. */
  bootFile(): string;
  readonly quietFiles: Set<string>;
  readonly required: Set<string>;
  readonly currentFile: LoadedFile;
  /** Files run for their definitions only: nothing drawn. */
  readonly quiet: number;
  /** Whether a value is being computed aside for a gem's reader (a model's class body as the routes load), not a file run for its definitions. */
  readonly computingAside: boolean;
  /** Where the table may lack routes so far (`MapResult.openRegions`). */
  readonly openRegions: readonly OpenRegion[];
  /** A text parsed as Ruby in the file `path` (erb.ts); undefined where the host parses nothing more. */
  parseText(path: string, text: string): LoadedFile | undefined;
  /** Runs `body` reporting and drawing as the routes files do, inside code run quietly. */
  loudly<T>(body: () => T): T;
  readonly host: HostFiles;
  /** `name`: the DSL method's, where Rails' own method is called by it (8.1's deprecation warnings). */
  dispatch(node: N.CallNode, method: DslMethod, call: { args: RValue[]; block: RProc | null }, name?: string): RValue;
  /** A method an installed gem adds to the mapper (`gemMappers.ts`), and running it for a call. */
  gemMapperMethod(name: string): GemMapperMethod | undefined;
  callGemMethod(node: N.CallNode, found: GemMapperMethod, name: string, call: { args: RValue[]; block: RProc | null }): RValue;
  methodOf(recv: RValue, name: string): { def: MethodDef; self: Self } | undefined;
  callMethodDef(def: MethodDef, self: Self, args: RValue[], block: RProc | null, name: string): RValue;
  /** While set, `require` and `load` run only the files it accepts (`appMappers.ts`'s `requireMapperChanges`). */
  readonly requireFilter: ((path: string) => boolean) | undefined;
  /** Whether a module or class of that name is defined (after its autoload). */
  defined(path: string): boolean;
  /** Runs a method of the app's files called on the routes, recorded for the editor (the call, its routes, its `def`). */
  declaredAppCall(node: N.CallNode, def: Extract<MethodDef, { kind: "def" }>, run: () => RValue): RValue;
  /** Says a file was evaluated (`instance_eval(File.read(path))`) by the app's method running now. */
  fileEvaluated(path: string): void;
  runFile(file: LoadedFile, self: Self): RValue;
  /** Runs a file for what it defines: nothing drawn, nothing reported. */
  runForDefinitions(file: LoadedFile, kind?: LoadKind): void;
  inFile<T>(file: LoadedFile, body: () => T): T;
  inquirer(): RInquirer;
  definitionSpan(node: Node, params: Node | null, fallback: N.Location | null, index?: LoadedFile["index"]): ReturnType<Evaluator["nodeSpan"]>;
}

/** The files and environment the host gives, as calls reach them (`File.read`, `Dir.glob`, `ENV`). */
export interface HostFiles {
  load(path: string): LoadedFile | undefined;
  exists(path: string): boolean;
  paths(): string[];
  glob?: (pattern: string) => string[];
  appRoot?: string;
  railsEnv: string;
  env?: ReadonlyMap<string, string>;
  /** The app's files by where Rails would load them (constants, settings), when the routes are an app's. */
  appFiles?: AppFilesReader;
  /** A file's text as the host has it, not parsed (a YAML file). */
  text?(path: string): string | undefined;
}

