/**
 * What an app's test helpers do to an integration session (test/test_helper.rb, spec/rails_helper.rb,
 * spec/spec_helper.rb and the files of test/support and spec/support): the hooks they run before
 * each integration test or request spec, and what each method they define does when a test
 * calls it (`IntegrationEffect`), for integrationTests.ts.
 *
 * Followed: Minitest's `setup` blocks, `setup :name` and `def setup` of `ActionDispatch::IntegrationTest`
 * and `ActiveSupport::TestCase` reopened; RSpec's `config.before`/`config.around`/`config.include`
 * in `RSpec.configure` (rspec-core 3.12: a hook whose metadata names another `type:` does not
 * reach request specs; `before(:suite)` runs outside every example); a module's `included do …
 * end` (ActiveSupport::Concern: its hooks, `let`s and included modules) where the module is the
 * app's or an installed gem's the host gives; `shared_context`/`shared_examples` of the support
 * files (their hooks, lets and methods) where a group includes them; hooks filtered on a tag
 * (`config.before(:each, :js)`) reach only the examples of that tag. A module the support files
 * do not define is a gem's: where the host gives the installed gem's file of that module
 * (`gemModules`), its methods and `included` hooks are read as the support files' are; one it
 * does not give is taken as adding no hook to a test (rspec-rails', Capybara's, WebMock's… add
 * none that makes a request); modules listed here keep their known methods (they make no
 * request: FactoryBot's `create`, Devise's `sign_in` through Warden); any other name is
 * unknown, said at its call in the hook (`causes`). A name
 * defined more than once resolves as Ruby's method lookup does where the places are known
 * (`candidates`). Code run when the helpers load that Routemap does not read (evaluated from
 * a string, a file loaded from outside test/ and spec/ other than the database's) leaves the
 * hooks unknown, which turns off only the tests they reach.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import type { Span } from "../types.js";
import { childrenOf, constantPathText } from "../ruby/walk.js";
import { effectOfBody, HOOKS, neverRequests, type IntegrationEffect, type LastRequest } from "./integrationTests.js";

const CAPYBARA = [
  "visit", "click_on", "click_link", "click_button", "click_link_or_button", "fill_in", "select", "unselect", "check", "uncheck", "choose", "attach_file",
  "within", "within_fieldset", "within_table", "within_frame", "within_window", "using_session", "find", "find_all", "find_field", "find_link", "find_button", "first", "all", "page", "current_path", "current_url",
  "has_content?", "has_text?", "has_css?", "has_selector?", "has_link?", "has_button?", "has_field?", "has_no_content?", "has_no_text?", "has_no_css?", "has_no_selector?",
  "assert_text", "assert_no_text", "assert_selector", "assert_no_selector", "assert_current_path", "assert_link", "assert_button", "assert_field", "refute_selector",
  "have_content", "have_text", "have_css", "have_selector", "have_link", "have_button", "have_field", "have_current_path", "have_no_content", "have_no_text", "have_no_css", "have_no_selector",
  "accept_confirm", "accept_alert", "dismiss_confirm", "execute_script", "evaluate_script", "save_and_open_page", "save_page", "save_screenshot", "go_back", "go_forward", "refresh", "page_title",
];

/** Gems' test modules whose methods make no request to the app and set no URL option, with those methods. */
const KNOWN_MODULES: Record<string, readonly string[]> = {
  "FactoryBot::Syntax::Methods": ["create", "build", "build_stubbed", "attributes_for", "create_list", "build_list", "build_stubbed_list", "attributes_for_list", "create_pair", "build_pair", "generate", "generate_list"],
  "FactoryGirl::Syntax::Methods": ["create", "build", "build_stubbed", "attributes_for", "create_list", "build_list"],
  // Devise's integration helpers sign in through Warden's test mode, with no request.
  "Devise::Test::IntegrationHelpers": ["sign_in", "sign_out"],
  "Warden::Test::Helpers": ["login_as", "logout"],
  "ActiveSupport::Testing::TimeHelpers": ["travel_to", "travel", "travel_back", "freeze_time", "unfreeze_time"],
  "ActiveJob::TestHelper": ["perform_enqueued_jobs", "enqueued_jobs", "performed_jobs", "clear_enqueued_jobs"],
  "ActionMailer::TestHelper": ["assert_emails", "assert_no_emails", "assert_enqueued_emails"],
  "ActionDispatch::TestProcess": ["fixture_file_upload"],
  "ActionDispatch::TestProcess::FixtureFile": ["fixture_file_upload"],
  "WebMock::API": ["stub_request", "a_request", "assert_requested", "assert_not_requested", "remove_request_stub"],
  // Mocha's mocks and parameter matchers (`mocha/minitest` includes Mocha::API, with Mocha::ParameterMatchers, into every test).
  "Mocha::API": ["mock", "stub", "stub_everything", "sequence", "states", "mocha_setup", "mocha_verify", "mocha_teardown", "regexp_matches", "has_entries", "has_entry", "has_key", "has_keys", "has_value", "includes", "anything", "any_parameters", "instance_of", "is_a", "kind_of", "equals", "equivalent_uri", "responds_with", "optionally", "yaml_equivalent", "all_of", "any_of", "Not", "has_ignored_keys"],
  // Capybara drives a browser session of its own (rack_test's is its own Rack::MockSession): the integration session's stays as it was.
  "Capybara::DSL": CAPYBARA,
  "Capybara::Minitest::Assertions": CAPYBARA,
  "Capybara::RSpecMatchers": CAPYBARA,
};

const EVALUATES = new Set(["eval", "instance_eval", "class_eval", "class_exec", "module_eval", "instance_exec", "load"]);
const SHARED_DEFINITIONS = new Set(["shared_context", "shared_examples", "shared_examples_for"]);
/** Methods whose block runs with another object as `self`. */
const EVALUATED_INTO = new Set(["class_eval", "class_exec", "module_eval", "module_exec", "instance_eval", "instance_exec"]);

/** `load "#{Rails.root}/db/schema.rb"`, `load Rails.root.join("db", "seeds.rb")`: the database's files, which add no hook to a test. */
function loadsData(node: N.CallNode): boolean {
  const arg = node.arguments_?.arguments_[0];
  if (!arg) return false;
  const strings: string[] = [];
  const stack: N.Node[] = [arg];
  while (stack.length) {
    const n = stack.pop()!;
    if (n instanceof N.StringNode) strings.push(n.unescaped.value);
    for (const c of childrenOf(n)) stack.push(c);
  }
  return /(?:^|\/)db(?:\/|$)/.test(strings.join("/"));
}
const MINITEST_CLASSES = new Set(["ActionDispatch::IntegrationTest", "ActiveSupport::TestCase"]);

export interface TestSupportFile {
  /** Path relative to the app's root (`spec/support/auth.rb`). */
  path: string;
  file: LoadedFile;
}

/** A method a support file defines: its body, the module or class it is defined in (none: the top level), and where. */
interface Definition {
  body: N.Node | null;
  owner?: string;
  file: string;
  at: number;
}

/** What a test helper runs before each test: a hook's body or a name to resolve, and where it is written. */
type Hook = ({ body: N.Node | null } | { name: string }) & { at?: Span };

/** Where the app's test helpers run what Routemap cannot follow before each test of a kind, and what that leaves unchecked. */
export interface TestSupportCause {
  span: Span;
  /** `integration`: Minitest's integration tests; `request`: RSpec's request specs. */
  tests: "integration" | "request";
  /** `requests`: it makes a request (calls before a test's own first request are not checked); `unknown`: it may set URL options too (none of the tests' calls are). */
  effect: "requests" | "unknown";
  /** For an unknown hook's body: the first method it calls that Routemap cannot follow (`span` is then that call's name). */
  name?: string;
  /** For what the configuration gives only to some specs: their tags, all of which (`all`) or any of which (`any`) reach it. */
  tags?: { names: readonly string[]; match: "all" | "any" };
}

/** Resolves names a test file calls but does not define (`IntegrationEffect`), from the app's test helpers. */
export class TestSupport {
  /** Methods of the support files, and the lets of their shared groups, by name: the bodies a call of that name may run. */
  private readonly defs = new Map<string, Definition[]>();
  /** Shared groups of the support files: the hooks they add where a group includes them. */
  private readonly shared = new Map<string, Hook[]>();
  /**
   * What the configuration gives only to examples of some tags: a hook, which reaches an example
   * that has **all** of them (rspec-core's hooks filter with `all?`), or a module
   * (`config.include`), which reaches one that has **any** (`QueryOptimized.new(:any?)`).
   */
  private readonly tagged: { tags: readonly string[]; match: "all" | "any"; hook: Hook }[] = [];
  /** Test classes the support files define (`class IntegrationTest < ActionDispatch::IntegrationTest`): their superclass and hooks. */
  private readonly bases = new Map<string, { superclass: string | undefined; hooks: Hook[] }>();
  /** Each support method's definitions, walked (`bodies`). */
  private readonly effects = new Map<string, ReturnType<typeof effectOfBody>[]>();
  /** Matchers the support files define (`RSpec::Matchers.define :x`): they read, never request. */
  private readonly matchers = new Set<string>();
  private readonly modules = new Map<string, { hooks: Hook[] }>();
  /** The installed gems' modules the host gave (`gemModules`), by full name: the hooks each adds where it is included. */
  private readonly gemModules = new Map<string, Hook[]>();
  private readonly included = new Set<string>();
  /**
   * Where the support files bring each of their modules into tests: `other`, only by
   * `config.include`/`prepend` filtered on another type (`type: :system`); `tests`, anywhere else
   * (unfiltered, for request specs, into a test class or another module).
   */
  private readonly inclusions = new Map<string, "other" | "tests">();
  private readonly minitestHooks: Hook[] = [];
  private readonly requestHooks: Hook[] = [];
  private inferred = false;
  private readonly known = new Map<string, IntegrationEffect>();
  private readonly resolving = new Set<string>();
  private readonly fixtures: ReadonlySet<string>;
  private readonly hasMinitestHelper: boolean;
  private readonly hasRspecHelper: boolean;
  /** The file being read, for the places of its hooks. */
  private current: LoadedFile | undefined;
  /** Its path (relative to the root, or a gem's file's). */
  private currentPath = "";

  private readonly appModules: ReadonlySet<string>;

  /**
   * `paths`: whether a helper file was given (relative), for `require_relative`s; `fixtures`: the
   * fixtures' table names; `appModules`: the last names of modules the app's other files define
   * (app/, lib/: one included into tests is not a gem's, and is not read); `unreadable`: helpers
   * that did not parse.
   */
  constructor(files: readonly TestSupportFile[], o: { paths: (relative: string) => boolean; fixtures: readonly string[]; appModules?: ReadonlySet<string>; unreadable?: readonly string[]; gemModules?: readonly TestSupportFile[] }) {
    this.fixtures = new Set(o.fixtures);
    this.appModules = o.appModules ?? new Set();
    this.hasMinitestHelper = files.some((f) => f.path === "test/test_helper.rb");
    this.hasRspecHelper = files.some((f) => f.path === "spec/rails_helper.rb" || f.path === "spec/spec_helper.rb");
    for (const f of files) this.read(f, o.paths);
    for (const f of o.gemModules ?? []) this.readGemModule(f.path, f.file.program.statements.body, undefined);
    if (o.unreadable?.length) this.unknownHooks();
  }

  resolve(name: string): IntegrationEffect {
    let found = this.known.get(name);
    if (found) return found;
    if (this.resolving.has(name)) return "unknown";
    this.resolving.add(name);
    try {
      found = this.workOut(name);
    } finally {
      this.resolving.delete(name);
    }
    this.known.set(name, found);
    return found;
  }

  private workOut(name: string): IntegrationEffect {
    if (name === HOOKS.minitest) return this.hasMinitestHelper ? this.hooksEffect(this.minitestHooks) : "unknown";
    if (name === HOOKS.request) return this.hasRspecHelper ? this.hooksEffect(this.requestHooks) : "unknown";
    if (name === HOOKS.inferred) return this.inferred ? "quiet" : "unknown";
    if (name.startsWith("#include:")) {
      // A module the configuration gives only to another type of spec, included here too: its methods were left out of the names' definitions.
      if (this.inclusions.get(name.slice("#include:".length)) === "other") return "unknown";
      // The support files' module: its `included` hooks; one of app/ or lib/: not read; a gem's (or `Rails.application.routes.url_helpers`): none.
      const module = name.slice("#include:".length);
      const own = this.modules.get(module);
      if (own) return this.hooksEffect(own.hooks);
      // A known gem's module, even where an app module shares its last name (theodinproject's `Helpers`, `Warden::Test::Helpers`).
      if (KNOWN_MODULES[module.replace(/^::/, "")]) return "quiet";
      if (this.appModules.has(module.slice(module.lastIndexOf(":") + 1))) return "unknown";
      // An installed gem's module that was read: the hooks it adds; any other gem's adds none Routemap follows.
      const gem = this.gemModules.get(module.replace(/^::/, ""));
      return gem ? this.hooksEffect(gem) : "quiet";
    }
    if (name.startsWith("#base:")) return this.baseEffect(name.slice("#base:".length));
    if (name.startsWith("#tag:")) return this.hooksEffect(this.taggedHooks(name.slice("#tag:".length)));
    if (name.startsWith("#shared:")) {
      const hooks = this.shared.get(name.slice("#shared:".length));
      return hooks ? this.hooksEffect(hooks) : "unknown";
    }
    if (name.startsWith("#")) return "unknown";
    const defs = this.candidates(name);
    // A support method's own calls are resolved by name like a test's (its module's methods among them).
    if (defs.length) return worst(this.bodies(name, defs).map((b) => b.effect));
    if (this.matchers.has(name)) return "quiet";
    for (const module of this.included) if (KNOWN_MODULES[module]?.includes(name)) return "quiet";
    return this.fixtures.has(name) ? "quiet" : "unknown";
  }

  /**
   * What reaches an example when it is given a tag (`["tag", …the tags it had]`, integrationTests.ts'
   * `tagged`): the hooks of that tag whose other tags it had, and the modules of that tag none of
   * whose tags it had (which came then), so each runs once, where its last (or first) tag comes.
   */
  private taggedHooks(key: string): Hook[] {
    const [tag, ...had] = JSON.parse(key) as string[];
    const reaches = (t: (typeof this.tagged)[number]) =>
      t.tags.includes(tag) && (t.match === "all" ? t.tags.every((x) => x === tag || had.includes(x)) : !t.tags.some((x) => had.includes(x)));
    return this.tagged.filter(reaches).map((t) => t.hook);
  }

  /** What each definition Ruby may call of a support method does, worked out once. */
  private bodies(name: string, defs: readonly Definition[]): ReturnType<typeof effectOfBody>[] {
    let found = this.effects.get(name);
    if (!found) this.effects.set(name, (found = defs.map((d) => effectOfBody(d.body, new Map(), (n) => this.resolve(n)))));
    return found;
  }

  /**
   * The definitions of a name a test may call, as Ruby resolves methods: a module's that the
   * configuration gives only to another type of spec (openfoodnetwork's `RequestScopedLogin#login_as`,
   * `config.prepend …, type: :system`) is not an integration test's (a test that includes it
   * itself is left unknown, `#include:`); of two definitions in the same module, class or top
   * level of one file, the later replaces the earlier. Definitions in different places, any of
   * which a test may reach first, are all kept (the host takes the worst).
   */
  private candidates(name: string): Definition[] {
    const defs = (this.defs.get(name) ?? []).filter((d) => d.owner === undefined || this.inclusions.get(d.owner) !== "other");
    return defs.filter((d) => !defs.some((o) => o !== d && o.owner === d.owner && o.file === d.file && o.at > d.at));
  }

  /**
   * Where a support method that makes requests sent its last one, when every definition of that
   * name agrees and nothing it calls after it requests: the session then recalls that request's
   * path parameters (`sign_in` posting to "/login").
   */
  lastRequestOf(name: string): LastRequest | undefined {
    if (this.resolve(name) !== "requests") return undefined;
    const defs = this.candidates(name);
    if (!defs.length) return undefined;
    const lasts = this.bodies(name, defs).map((b) => b.last);
    const first = lasts[0];
    if (!first || lasts.some((l) => JSON.stringify(l) !== JSON.stringify(first))) return undefined;
    return first;
  }

  /** A test class of the support files up to `ActionDispatch::IntegrationTest`: its hooks and its superclasses'; unknown where the chain leaves what is read. */
  private baseEffect(name: string): IntegrationEffect {
    const effects: IntegrationEffect[] = [];
    let current: string | undefined = name;
    for (let depth = 0; depth < 16 && current; depth++) {
      if (current === "ActionDispatch::IntegrationTest") return this.hasMinitestHelper ? worst(effects) : "unknown";
      const base = this.bases.get(current);
      if (!base) return "unknown";
      effects.push(this.hooksEffect(base.hooks));
      current = base.superclass;
    }
    return "unknown";
  }

  private hooksEffect(hooks: readonly Hook[]): IntegrationEffect {
    return worst(hooks.map((h) => this.hookEffect(h)));
  }

  private hookEffect(h: Hook): IntegrationEffect {
    return "name" in h ? this.resolve(h.name) : effectOfBody(h.body, new Map(), (n) => this.resolve(n)).effect;
  }

  /** The hooks of the helpers that are not quiet, each at its place (those of a kind of test the app has not are left out by the host). */
  causes(): TestSupportCause[] {
    const out: TestSupportCause[] = [];
    const add = (hooks: readonly Hook[], tests: TestSupportCause["tests"], tags?: TestSupportCause["tags"]) => {
      for (const h of hooks) {
        const effect = this.hookEffect(h);
        if (effect === "quiet" || !h.at) continue;
        const culprit = effect === "unknown" && "body" in h ? this.firstUnknown(h.body, this.spanFiles.get(h.at)) : undefined;
        const cause: TestSupportCause = culprit ? { span: culprit.span, tests, effect, name: culprit.name } : { span: h.at, tests, effect };
        out.push(tags ? { ...cause, tags } : cause);
      }
    };
    if (this.hasMinitestHelper) add(this.minitestHooks, "integration");
    if (this.hasRspecHelper) add(this.requestHooks, "request");
    if (this.hasRspecHelper) for (const t of this.tagged) add([t.hook], "request", { names: t.tags, match: t.match });
    return out;
  }

  /** The file each hook's place is in (`at`), for the places of what its body calls. */
  private readonly spanFiles = new Map<Span, LoadedFile>();

  /** The first call of a hook's body, in source order, of a method Routemap cannot follow (its name's place). */
  private firstUnknown(body: N.Node | null, file: LoadedFile | undefined): { name: string; span: Span } | undefined {
    if (!body || !file) return undefined;
    let found: N.CallNode | undefined;
    const stack: N.Node[] = [body];
    while (stack.length) {
      const node = stack.pop()!;
      if (node instanceof N.CallNode && (!node.receiver || node.receiver instanceof N.SelfNode) && !neverRequests(node.name) && this.resolve(node.name) === "unknown") {
        if (!found || node.location.startOffset < found.location.startOffset) found = node;
      }
      if (!(node instanceof N.DefNode)) for (const child of childrenOf(node)) stack.push(child);
    }
    if (!found) return undefined;
    const loc = found.messageLoc ?? found.location;
    return { name: found.name, span: file.index.span(loc.startOffset, loc.startOffset + loc.length) };
  }

  /** `node`'s place in the file being read. */
  private at(node: N.Node): Span | undefined {
    const file = this.current;
    if (!file) return undefined;
    const start = node.location.startOffset;
    // The first line of the hook: a block's whole span would underline its body.
    const text = file.index.text;
    const lineEnd = text.indexOf("\n", start);
    const span = file.index.span(start, lineEnd < 0 || lineEnd > start + node.location.length ? start + node.location.length : lineEnd);
    this.spanFiles.set(span, file);
    return span;
  }

  private read(f: TestSupportFile, exists: (relative: string) => boolean): void {
    this.current = f.file;
    this.currentPath = f.path;
    const dir = f.path.includes("/") ? f.path.slice(0, f.path.lastIndexOf("/")) : "";
    // What runs when the file loads: its top level, class and module bodies, and blocks there (not
    // methods' bodies). Methods count where a test may have them: at the top level (Object's), in
    // modules (one may be included) and in the test classes; not in another class (`class
    // FakeClient`), nor in code evaluated into another object (`FactoryBot::SyntaxRunner.class_eval`).
    const stack: { node: N.Node; tests: boolean; owner?: string }[] = [{ node: f.file.program, tests: true }];
    while (stack.length) {
      const { node, tests, owner } = stack.pop()!;
      if (node instanceof N.DefNode) {
        if (!node.receiver && tests) this.define(node.name, { body: node.body, owner, file: f.path, at: node.location.startOffset });
        continue;
      }
      let inner = tests;
      let within = owner;
      const named = node instanceof N.ModuleNode || node instanceof N.ClassNode ? constantPathText(node.constantPath)?.replace(/^::/, "") : undefined;
      if (named) within = node instanceof N.ModuleNode && owner ? `${owner}::${named}` : named;
      // A test class: Rails' reopened, or one of the support files' that tests inherit (named as tests are).
      if (node instanceof N.ClassNode) inner = [node.constantPath, node.superclass].some((c) => c && /^(?:ActionDispatch::IntegrationTest|ActiveSupport::TestCase)$|Test$|TestCase$|Integration/.test(constantPathText(c)?.replace(/^::/, "") ?? ""));
      if (node instanceof N.CallNode) {
        if (EVALUATED_INTO.has(node.name) && node.receiver && !MINITEST_CLASSES.has(constantPathText(node.receiver)?.replace(/^::/, "") ?? "")) continue;
        this.loading(node, dir, exists);
      }
      for (const child of childrenOf(node)) stack.push({ node: child, tests: inner, owner: within });
    }
    for (const stmt of f.file.program.statements.body) this.topLevel(stmt);
    this.current = undefined;
  }

  /**
   * A gem's file that defines a module the helpers include (gds-api-adapters'
   * `GdsApi::TestHelpers::PublishingApi`): its modules' instance methods, as names a test may
   * call, the modules they include, and the hooks each adds where it is included, read as the
   * support files' modules' are (`included do … end`: its `setup`/`before` hooks, `let`s and
   * modules; `def setup`; a `def self.included` hook, whose body Routemap does not follow, is
   * unknown). Modules Routemap models (Devise's, FactoryBot's…) keep their known effect.
   */
  private readGemModule(path: string, body: readonly N.Node[], owner: string | undefined): void {
    const hooks: Hook[] = [];
    for (const stmt of body) {
      if (stmt instanceof N.ModuleNode) {
        const name = constantPathText(stmt.constantPath)?.replace(/^::/, "");
        if (name) this.readGemModule(path, statements(stmt.body), owner ? `${owner}::${name}` : name);
      } else if (!owner || KNOWN_MODULES[owner]) continue; // modelled above: what its methods do is known without its body
      else if (stmt instanceof N.DefNode && !stmt.receiver) {
        this.define(stmt.name, { body: stmt.body, owner, file: path, at: stmt.location.startOffset });
        // Minitest's `before_setup`/`setup` of a module included into a test class run before each test.
        if (/^(?:setup|before_setup)$/.test(stmt.name)) hooks.push({ body: stmt.body });
      } else if (stmt instanceof N.DefNode && stmt.receiver instanceof N.SelfNode && stmt.name === "included") this.selfIncluded(stmt, owner, path, hooks);
      else if (stmt instanceof N.CallNode && !stmt.receiver && (stmt.name === "include" || stmt.name === "prepend")) {
        for (const arg of stmt.arguments_?.arguments_ ?? []) {
          const module = constantPathText(arg)?.replace(/^::/, "");
          if (module) this.included.add(module), hooks.push({ name: `#include:${module}` });
        }
      } else if (stmt instanceof N.CallNode && !stmt.receiver && stmt.name === "included" && stmt.block instanceof N.BlockNode) this.includedBlock(stmt.block, owner, path, hooks);
    }
    // Reopened in another file of the gem: both bodies' hooks.
    if (owner && !KNOWN_MODULES[owner]) this.gemModules.set(owner, [...(this.gemModules.get(owner) ?? []), ...hooks]);
  }

  private define(name: string, def: Definition): void {
    const list = this.defs.get(name) ?? [];
    list.push(def);
    this.defs.set(name, list);
  }

  /** A call that runs as the helpers load: code evaluated into a test class or loaded from elsewhere, a matcher defined, type inference. */
  private loading(node: N.CallNode, dir: string, exists: (relative: string) => boolean): void {
    const receiver = node.receiver ? constantPathText(node.receiver)?.replace(/^::/, "") : undefined;
    const onTests = !node.receiver || node.receiver instanceof N.SelfNode || (receiver !== undefined && (MINITEST_CLASSES.has(receiver) || receiver === "RSpec"));
    if (EVALUATES.has(node.name) && onTests && !(node.name === "load" && loadsData(node))) {
      // `ActionDispatch::IntegrationTest.class_eval do … end`: the block is read as the class's body.
      if (node.block instanceof N.BlockNode && receiver && MINITEST_CLASSES.has(receiver)) this.minitestBody(node.block.body, this.minitestHooks);
      else this.unknownHooks(node);
    }
    if (node.name === "infer_spec_type_from_file_location!") this.inferred = true;
    if ((node.name === "require_relative" || node.name === "require") && !node.receiver) this.required(node, dir, exists);
    const first = node.arguments_?.arguments_[0];
    if ((node.name === "define" || node.name === "matcher" || node.name === "define_negated_matcher") && first instanceof N.SymbolNode) this.matchers.add(first.unescaped.value);
    if (SHARED_DEFINITIONS.has(node.name) && (first instanceof N.StringNode || first instanceof N.SymbolNode) && node.block instanceof N.BlockNode) this.sharedGroup(first.unescaped.value, node.block);
  }

  /** A shared group: its hooks (where a group includes it), and its lets and methods as names a test may call. */
  private sharedGroup(name: string, block: N.BlockNode): void {
    const hooks: Hook[] = [];
    for (const stmt of statements(block.body)) {
      if (!(stmt instanceof N.CallNode) || stmt.receiver) continue;
      const arg = stmt.arguments_?.arguments_[0];
      const at = this.at(stmt);
      if (/^(?:before|prepend_before|append_before|around)$/.test(stmt.name)) hooks.push(stmt.block instanceof N.BlockNode ? { body: stmt.block.body, at } : { name: "#hook", at });
      else if (/^(?:let|let!|subject|subject!)$/.test(stmt.name)) {
        const body = stmt.block instanceof N.BlockNode ? stmt.block.body : null;
        const letName = arg instanceof N.SymbolNode ? arg.unescaped.value : arg ? undefined : "subject";
        if (letName) this.define(letName, { body, file: "", at: 0 });
        if (stmt.name.endsWith("!")) hooks.push({ body, at });
      } else if (stmt.name === "include_context" || stmt.name === "include_examples") {
        hooks.push({ name: `#shared:${arg instanceof N.StringNode || arg instanceof N.SymbolNode ? arg.unescaped.value : "?"}`, at });
      } else if (stmt.name === "include") hooks.push(...(stmt.arguments_?.arguments_ ?? []).map((a) => ({ name: `#include:${constantPathText(a) ?? "?"}`, at })));
    }
    const known = this.shared.get(name);
    this.shared.set(name, known ? [...known, ...hooks, { name: "#twice" }] : hooks);
  }

  /** A file a helper loads that is not among those read: what it does is not known. */
  private required(node: N.CallNode, dir: string, exists: (relative: string) => boolean): void {
    const arg = node.arguments_?.arguments_[0];
    if (!(arg instanceof N.StringNode)) return; // `Dir[…].each { |f| require f }`: the support files, all read
    const value = arg.unescaped.value.replace(/\.rb$/, "");
    // test/ and spec/ are on the load path of `rails test` and `rspec` (their helpers are all read); any other name is a gem's.
    // WebMock's adapters include its API into every test.
    if (node.name === "require" && /^webmock(?:\/(?:rspec|minitest|test_unit))?$/.test(value)) this.included.add("WebMock::API");
    if (node.name === "require" && /^mocha\/(?:minitest|test_unit|api)$/.test(value)) this.included.add("Mocha::API");
    if (node.name === "require") return;
    const parts = [...dir.split("/").filter(Boolean)];
    for (const p of value.split("/")) {
      if (p === "..") parts.pop();
      else if (p !== ".") parts.push(p);
    }
    const target = parts.join("/");
    // The app's own code under app/ (a helper module required ahead of Zeitwerk) defines classes and
    // modules; it does not configure the tests. lib/ may hold test support, so it stays unknown.
    if (target === "config/environment" || /^(?:db|app)\//.test(target) || (/^(?:test|spec)\//.test(target) && exists(`${target}.rb`))) return;
    this.unknownHooks(node);
  }

  /** Code Routemap does not read (evaluated from a string, a file loaded that it is not given): it may add hooks to any test. */
  private unknownHooks(node?: N.Node): void {
    const at = node && this.at(node);
    this.minitestHooks.push({ name: "#unknown", at });
    this.requestHooks.push({ name: "#unknown", at });
  }

  private topLevel(stmt: N.Node): void {
    if (stmt instanceof N.ClassNode) {
      const name = constantPathText(stmt.constantPath)?.replace(/^::/, "");
      if (name && MINITEST_CLASSES.has(name)) this.minitestBody(stmt.body, this.minitestHooks);
      else if (name && stmt.superclass) {
        const hooks: Hook[] = [];
        this.minitestBody(stmt.body, hooks);
        // Defined twice (reopened in two files): both bodies' hooks.
        const known = this.bases.get(name);
        this.bases.set(name, { superclass: constantPathText(stmt.superclass)?.replace(/^::/, ""), hooks: [...(known?.hooks ?? []), ...hooks] });
      }
      return;
    }
    if (stmt instanceof N.ModuleNode) {
      const name = constantPathText(stmt.constantPath)?.replace(/^::/, "");
      if (name) this.module(name, stmt.body);
      return;
    }
    if (stmt instanceof N.CallNode && stmt.name === "configure" && stmt.receiver && constantPathText(stmt.receiver) === "RSpec" && stmt.block instanceof N.BlockNode) {
      this.configure(stmt.block);
      return;
    }
    // `ActionDispatch::IntegrationTest.include(M)`, `.setup { … }`: hooks given from outside the class.
    if (stmt instanceof N.CallNode && stmt.receiver && MINITEST_CLASSES.has(constantPathText(stmt.receiver)?.replace(/^::/, "") ?? "")) {
      this.minitestStatement(stmt, this.minitestHooks);
    }
  }

  private inclusion(module: string, where: "other" | "tests"): void {
    if (this.inclusions.get(module) !== "tests") this.inclusions.set(module, where);
  }

  /** A module of the app: its nested modules, the modules it includes, and the hooks an `included do … end` adds where it is included. */
  private module(name: string, body: N.Node | null): void {
    const hooks: Hook[] = [];
    for (const stmt of statements(body)) {
      // `include Warden::Test::Helpers` in a support module: its methods are a test's wherever the module is included.
      if (stmt instanceof N.CallNode && !stmt.receiver && (stmt.name === "include" || stmt.name === "prepend")) {
        for (const arg of stmt.arguments_?.arguments_ ?? []) {
          const module = constantPathText(arg)?.replace(/^::/, "");
          if (module) this.included.add(module), this.inclusion(module, "tests"), hooks.push({ name: `#include:${module}`, at: this.at(stmt) });
        }
      }
      if (stmt instanceof N.ModuleNode) {
        const inner = constantPathText(stmt.constantPath);
        if (inner) this.module(`${name}::${inner}`, stmt.body);
      } else if (stmt instanceof N.CallNode && !stmt.receiver && stmt.name === "included" && stmt.block instanceof N.BlockNode) {
        this.includedBlock(stmt.block, name, this.currentPath, hooks);
      } else if (stmt instanceof N.DefNode && stmt.receiver instanceof N.SelfNode && stmt.name === "included") this.selfIncluded(stmt, name, this.currentPath, hooks);
      else if (stmt instanceof N.DefNode && stmt.receiver && stmt.name === "included") hooks.push({ name: "#included", at: this.at(stmt) });
      else if (stmt instanceof N.DefNode && !stmt.receiver && /^(?:setup|before_setup)$/.test(stmt.name)) hooks.push({ body: stmt.body, at: this.at(stmt) });
    }
    this.modules.set(name, { hooks });
  }

  /**
   * An `included do … end` block of a module (ActiveSupport::Concern's, run with the including
   * test class or example group as `self`): its statements, as `includedStatement` reads them.
   */
  private includedBlock(block: N.BlockNode, owner: string, file: string, hooks: Hook[]): void {
    for (const stmt of statements(block.body)) {
      if (stmt instanceof N.CallNode && !stmt.receiver) this.includedStatement(stmt, owner, file, hooks);
      // `def admin_sign_in_as` (rubygems.org's AdminHelpers): a method of the including class, which a test may call.
      else if (stmt instanceof N.DefNode) {
        if (!stmt.receiver) this.define(stmt.name, { body: stmt.body, owner, file, at: stmt.location.startOffset });
      }
      // A condition or a loop around calls (hooks, maybe): which it adds is not followed.
      else if (!(stmt instanceof N.CallNode) && callsWithin(stmt)) hooks.push({ name: "#included", at: this.at(stmt) });
    }
  }

  /**
   * `def self.included(base)` (rubygems.org's SearchKickHelper, Devise's IntegrationHelpers):
   * Ruby's hook, run with the including class as `base`. Its `base.setup :x`, `base.teardown …`,
   * `base.include M` and `base.class_eval do … end` are read as an `included do … end` block's
   * statements; `super` and `base.extend` (class methods) add no hook; anything else is not followed.
   */
  private selfIncluded(def: N.DefNode, owner: string, file: string, hooks: Hook[]): void {
    const param = def.parameters?.requireds[0];
    const base = param instanceof N.RequiredParameterNode ? param.name : undefined;
    for (const stmt of statements(def.body)) {
      if (stmt instanceof N.SuperNode || stmt instanceof N.ForwardingSuperNode) continue;
      const onBase = base !== undefined && stmt instanceof N.CallNode && stmt.receiver instanceof N.LocalVariableReadNode && stmt.receiver.name === base;
      if (onBase && EVALUATED_INTO.has(stmt.name) && !stmt.arguments_ && stmt.block instanceof N.BlockNode) this.includedBlock(stmt.block, owner, file, hooks);
      else if (onBase && stmt.name === "extend") continue;
      else if (!(onBase && this.includedStatement(stmt, owner, file, hooks))) hooks.push({ name: "#included", at: this.at(stmt) });
    }
  }

  /**
   * A statement run with the including test class or example group as `self`: its
   * `setup`/`before`/`around` hooks and `let!`s, which run before each test that includes the
   * module, the modules it includes (their hooks too, and their methods a test's), and its
   * `let`/`subject` as methods of `owner` a test may call. `teardown`/`after` run after the test.
   * False for `send`/`public_send` (a method named at run time); any other call adds no hook.
   */
  private includedStatement(inner: N.CallNode, owner: string, file: string, hooks: Hook[]): boolean {
    const at = this.at(inner);
    const args = inner.arguments_?.arguments_ ?? [];
    const body = inner.block instanceof N.BlockNode ? inner.block.body : undefined;
    if (/^(?:setup|before|prepend_before|append_before|around)$/.test(inner.name)) {
      if (body !== undefined) hooks.push({ body, at });
      // `setup :sign_in_admin`: the method of that name; `before(:each)` with no block is RSpec's error, taken as unknown.
      const named = inner.name === "setup" ? args.filter((a): a is N.SymbolNode => a instanceof N.SymbolNode) : [];
      for (const a of named) hooks.push({ name: a.unescaped.value, at });
      if (body === undefined && !named.length) hooks.push({ name: "#hook", at });
    } else if (/^(?:let|let!|subject|subject!)$/.test(inner.name)) {
      const arg = args[0];
      const letName = arg instanceof N.SymbolNode ? arg.unescaped.value : arg ? undefined : "subject";
      if (letName) this.define(letName, { body: body ?? null, owner, file, at: inner.location.startOffset });
      if (inner.name.endsWith("!")) hooks.push({ body: body ?? null, at });
    } else if (inner.name === "include" || inner.name === "prepend") {
      for (const a of args) {
        const module = constantPathText(a)?.replace(/^::/, "") ?? "?";
        this.included.add(module);
        this.inclusion(module, "tests");
        hooks.push({ name: `#include:${module}`, at });
      }
    } else if (inner.name === "send" || inner.name === "public_send" || inner.name === "__send__") return false;
    return true;
  }

  private minitestBody(body: N.Node | null, into: Hook[]): void {
    for (const stmt of statements(body)) {
      if (stmt instanceof N.DefNode && !stmt.receiver && /^(?:setup|before_setup)$/.test(stmt.name)) into.push({ body: stmt.body, at: this.at(stmt) });
      else if (stmt instanceof N.CallNode && !stmt.receiver) this.minitestStatement(stmt, into);
    }
  }

  private minitestStatement(stmt: N.CallNode, into: Hook[]): void {
    const args = stmt.arguments_?.arguments_ ?? [];
    const at = this.at(stmt);
    if (stmt.name === "setup") {
      if (stmt.block instanceof N.BlockNode) into.push({ body: stmt.block.body, at });
      for (const arg of args) into.push({ name: arg instanceof N.SymbolNode ? arg.unescaped.value : "#hook", at });
    } else if (stmt.name === "include" || stmt.name === "prepend") {
      for (const arg of args) {
        const module = constantPathText(arg)?.replace(/^::/, "") ?? "?";
        this.included.add(module);
        this.inclusion(module, "tests");
        into.push({ name: `#include:${module}`, at });
      }
    }
  }

  /** `RSpec.configure do |config| … end`: hooks and modules that reach request specs, all of them or those of a tag. */
  private configure(block: N.BlockNode): void {
    for (const stmt of statements(block.body)) {
      if (!(stmt instanceof N.CallNode) || !stmt.receiver) continue;
      const args = stmt.arguments_?.arguments_ ?? [];
      const at = this.at(stmt);
      // Untagged: every request spec runs it; tagged: only examples with every tag (a hook) or any (a module).
      const add = (filters: readonly N.Node[], hook: Hook, reachOf = filtersOf) => {
        const reach = reachOf(filters);
        if (!reach) return;
        if (!reach.tags.length) return void this.requestHooks.push(hook);
        this.tagged.push({ tags: [...new Set(reach.tags)], match: reachOf === filtersOf ? "all" : "any", hook });
      };
      if (/^(?:before|prepend_before|append_before|around)$/.test(stmt.name)) {
        add(args, stmt.block instanceof N.BlockNode ? { body: stmt.block.body, at } : { name: "#hook", at });
      } else if (stmt.name === "include" || stmt.name === "prepend") {
        const module = args[0] ? (constantPathText(args[0])?.replace(/^::/, "") ?? "?") : "?";
        this.included.add(module);
        this.inclusion(module, moduleFiltersOf(args.slice(1)) ? "tests" : "other");
        add(args.slice(1), { name: `#include:${module}`, at }, moduleFiltersOf);
      } else if (stmt.name === "include_context") {
        // `config.include_context` includes the shared group's module as `config.include` does.
        const name = args[0] instanceof N.StringNode || args[0] instanceof N.SymbolNode ? args[0].unescaped.value : "?";
        add(args.slice(1), { name: `#shared:${name}`, at }, moduleFiltersOf);
      }
    }
  }
}

/**
 * Whether a hook's scope and metadata reach a request spec's examples, and the tags they must
 * have: `:suite` runs outside every example; `type: :system` reaches none; `:js` or `js: true`
 * only those tagged so.
 */
function filtersOf(args: readonly N.Node[]): { tags: string[] } | undefined {
  const tags: string[] = [];
  for (const arg of args) {
    if (arg instanceof N.SymbolNode) {
      if (arg.unescaped.value === "suite") return undefined;
      if (!HOOK_SCOPES.has(arg.unescaped.value)) tags.push(arg.unescaped.value);
      continue;
    }
    if (!(arg instanceof N.KeywordHashNode || arg instanceof N.HashNode)) continue;
    for (const el of arg.elements) {
      if (!(el instanceof N.AssocNode) || !(el.key instanceof N.SymbolNode)) continue;
      const key = el.key.unescaped.value;
      if (key !== "type") {
        // `js: false` matches the examples not tagged so: taken as reaching all.
        if (!(el.value instanceof N.FalseNode || el.value instanceof N.NilNode)) tags.push(key);
        continue;
      }
      if (el.value instanceof N.SymbolNode && el.value.unescaped.value !== "request") return undefined;
      if (el.value instanceof N.ArrayNode && el.value.elements.every((e) => e instanceof N.SymbolNode && e.unescaped.value !== "request")) return undefined;
    }
  }
  return { tags };
}

/**
 * Whether `config.include`/`prepend`/`include_context`'s metadata reach a request spec's
 * examples, and the tags that bring the module to them: rspec-core 3.12 includes a module into
 * the groups that match **any** of its filters (`FilterableItemRepository::QueryOptimized.new(:any?)`,
 * configuration.rb; hooks need all). So `type: :request` (or none) reaches every request spec,
 * and `type: :system, js: true` those tagged `js`; `type: :system` alone, none. A key given
 * `false` or `nil` is taken as reaching every spec.
 */
function moduleFiltersOf(args: readonly N.Node[]): { tags: string[] } | undefined {
  const tags: string[] = [];
  let filters = 0;
  for (const arg of args) {
    if (arg instanceof N.SymbolNode) {
      filters++, tags.push(arg.unescaped.value);
      continue;
    }
    if (!(arg instanceof N.KeywordHashNode || arg instanceof N.HashNode)) return { tags: [] }; // not read: taken as reaching all
    for (const el of arg.elements) {
      if (!(el instanceof N.AssocNode) || !(el.key instanceof N.SymbolNode)) return { tags: [] };
      filters++;
      const key = el.key.unescaped.value;
      if (key !== "type") {
        if (el.value instanceof N.FalseNode || el.value instanceof N.NilNode) return { tags: [] };
        tags.push(key);
        continue;
      }
      const types = el.value instanceof N.ArrayNode ? el.value.elements : [el.value];
      if (!types.every((e) => e instanceof N.SymbolNode) || types.some((e) => e instanceof N.SymbolNode && e.unescaped.value === "request")) return { tags: [] };
    }
  }
  if (!filters) return { tags: [] };
  return tags.length ? { tags } : undefined;
}

const HOOK_SCOPES = new Set(["each", "example", "all", "context"]);

function statements(body: N.Node | null): readonly N.Node[] {
  if (body instanceof N.StatementsNode) return body.body;
  if (body instanceof N.BeginNode) return body.statements?.body ?? [];
  return body ? childrenOf(body) : [];
}

/** Whether code calls a method on `self` (outside the methods it defines): a hook it may add. */
function callsWithin(node: N.Node): boolean {
  const stack: N.Node[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n instanceof N.CallNode && (!n.receiver || n.receiver instanceof N.SelfNode)) return true;
    if (!(n instanceof N.DefNode)) for (const c of childrenOf(n)) stack.push(c);
  }
  return false;
}

function worst(effects: readonly IntegrationEffect[]): IntegrationEffect {
  if (effects.includes("unknown")) return "unknown";
  return effects.includes("requests") ? "requests" : "quiet";
}
