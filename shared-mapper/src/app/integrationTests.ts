/**
 * What an integration test's session recalls where each of its URL helper calls runs: nothing
 * before the test's first request, then the path parameters of its last request.
 *
 * Rails followed (actionpack, action_dispatch/testing/integration.rb, 6.1 to 8.1): a test's
 * helpers are the integration session's; its `url_options` merge the last request's
 * controller's (`controller.url_options`, which hold that request's path parameters) only once
 * there is a controller, that is after a request, and each request replaces them. rspec-rails'
 * request specs (`RequestExampleGroup`, 5.0) include the same `Integration::Runner` and
 * `IntegrationTest::Behavior`. Checked against Rails 6.1 by the oracle
 * (test-fixtures/helper-checks/recall: test/integration, spec/requests run by RSpec).
 *
 * The tests read: a `test "…" do` block of a class that inherits `ActionDispatch::IntegrationTest`
 * (its `setup` blocks and `def setup` first; a shoulda-context `should` block, after the setup
 * blocks of its `context`s, `shouldaCall`), or a base class of the app's test helpers that does
 * (`< JavascriptIntegrationTest`, in test/integration/ or named so; the host follows its chain),
 * and an example (`it`, `specify`, `example`) of an
 * `RSpec.describe … type: :request` group or of a group in spec/requests/ (each enclosing group's
 * `before` hooks and `let!` first, outermost first; `let`/`subject` run where first named). Their
 * code is followed in order: a request (`get …`) runs its arguments, then replaces what is
 * recalled by its own path parameters (a helper call's, or a literal path's); methods the file
 * defines and `let` blocks are followed where they are called. What the file does not define is
 * a name the host resolves (`IntegrationEffect`: a support module's method, a FactoryBot method,
 * a fixture accessor, the hooks of test_helper.rb or rails_helper.rb): a call is checked only
 * where every name before the last request is quiet or makes requests, and every name since it
 * is quiet, or the last of them that makes requests is a method whose own last request the host
 * follows (`sign_in` posting to "/login"). A statement that touches `url_options`, code in a lambda or in a branch that may not
 * run leaves what follows unknown (or, for a branch, joined: the same on every path or unknown).
 */
import * as N from "@ruby/prism/src/nodes.js";
import { childrenOf, constantPathText, someCall } from "../ruby/walk.js";

/** What a name the test file does not define does to its session, as the host reads the app's test helpers. */
export type IntegrationEffect = "quiet" | "requests" | "unknown";

/** Names that stand for code around the test, resolved by the host like methods. */
export const HOOKS = {
  /** The `setup` hooks test/test_helper.rb and its support files give integration tests. */
  minitest: "#setup:minitest",
  /** The `config.before` hooks (and included modules' hooks) spec/rails_helper.rb and spec/support give request specs. */
  request: "#setup:request",
  /** A group in spec/requests/ without `type: :request`: a request spec only if rails_helper infers the type. */
  inferred: "#infer:request",
} as const;

/** What the session holds at a helper call, as plain data (a host may keep it per file text). */
export interface RecallAt {
  /** Where the helper call of the last request starts (its name), when it went to one. */
  lastRequest?: number;
  /** The last request's verb and literal path (`get "/login"`), when it went to one. */
  lastPath?: { verb: string; path: string };
  /** Names called before the last request: each must be quiet or make requests. */
  earlier: string[];
  /** Names called since it (or since the start), in the order they ran (each at its last call). */
  since: string[];
  /** Set when branches were joined since the last request: `since` has no order, and none of it may request. */
  unordered?: true;
}

const REQUESTS = new Set(["get", "post", "put", "patch", "delete", "head"]);
/** Requests to where Routemap cannot tell: what they recall is not known, though they set no URL options. */
const OTHER_REQUESTS = new Set(["follow_redirect!", "process", "request_via_redirect", "get_via_redirect", "post_via_redirect", "xhr", "xml_http_request"]);
const URL_OPTIONS = /^(?:default_url_options|url_options)=?$/;
/**
 * Methods of Minitest, RSpec, Rails' test helpers and Ruby's Kernel that make no request to the
 * app and set no URL option (a matcher reads the response; `open_session` makes a new session).
 */
const QUIET = new Set([
  "expect", "allow", "allow_any_instance_of", "expect_any_instance_of", "receive", "receive_messages", "receive_message_chain", "have_received", "double", "instance_double", "class_double", "object_double", "spy", "instance_spy", "stub_const", "hide_const",
  "eq", "eql", "equal", "be", "include", "match", "match_array", "contain_exactly", "start_with", "end_with", "satisfy", "change", "raise_error", "raise_exception", "output", "throw_symbol", "yield_control", "all", "anything", "hash_including", "array_including", "hash_excluding", "any_args", "no_args", "duck_type", "boolean", "instance_of", "kind_of", "and_return", "and_call_original", "with", "redirect_to", "render_template", "cover", "exist", "respond_to",
  "aggregate_failures", "pending", "skip", "fail", "described_class", "flunk", "pass",
  "travel_to", "travel", "travel_back", "freeze_time", "unfreeze_time", "file_fixture", "fixture_file_upload", "perform_enqueued_jobs", "clear_enqueued_jobs", "assert_select", "css_select",
  "response", "request", "controller", "session", "cookies", "flash", "status", "body", "headers", "path", "redirect?", "html_document", "document_root_element", "parsed_body", "host!", "https!", "https?", "open_session", "assigns",
  "puts", "p", "pp", "print", "raise", "sleep", "format", "sprintf", "rand", "require", "require_relative", "freeze", "Integer", "Float", "String", "Array", "Hash", "Rational", "binding", "block_given?", "loop", "catch", "throw", "at_exit", "warn",
  // Object's own (tutor-server's `self.class.metadata` in a `prepend_before(:all)`).
  "class", "is_a?", "kind_of?", "instance_of?", "nil?", "frozen?", "object_id",
]);
/** Methods that run their block where they are called, at once (the block's calls are checked where they stand). */
const IMMEDIATE = new Set(["within", "within_fieldset", "within_table", "within_frame", "within_window", "using_session", "expect", "change", "aggregate_failures", "travel_to", "freeze_time", "perform_enqueued_jobs", "assert_difference", "assert_no_difference", "assert_changes", "assert_no_changes", "assert_nothing_raised", "assert_emails", "assert_no_emails", "assert_enqueued_jobs", "assert_performed_jobs", "assert_enqueued_emails", "tap", "then", "yield_self", "each", "each_with_index", "each_with_object", "map", "times", "upto", "downto", "step"]);
/** Methods that keep their block to run later, or never here. */
const DEFERRED = new Set(["lambda", "proc", "define_method", "let", "let!", "subject", "before", "after", "around", "setup", "teardown"]);
/** Rails' test cases that are not integration tests. */
const OTHER_TEST_CASES = new Set(["ActiveSupport::TestCase", "ActionController::TestCase", "ActionView::TestCase", "ActionMailer::TestCase", "ActiveJob::TestCase", "ActionDispatch::SystemTestCase", "ActionCable::TestCase", "ActionCable::Channel::TestCase", "ActionCable::Connection::TestCase", "Rails::Generators::TestCase", "Minitest::Test"]);

/** Methods whose block runs with another object as `self` (when given a receiver). */
const EVALUATED_INTO = new Set(["class_eval", "class_exec", "module_eval", "module_exec", "instance_eval", "instance_exec"]);
const EXAMPLES = new Set(["it", "specify", "example", "scenario", "its"]);
const GROUPS = new Set(["describe", "context", "feature", "example_group"]);
const HOOK_CALLS = new Set(["before", "prepend_before", "append_before", "setup"]);
const AFTER_HOOKS = new Set(["after", "prepend_after", "append_after", "teardown"]);
/** Shared groups included into the group itself (their hooks, lets and methods become the group's); `it_behaves_like` nests a group of its own. */
const SHARED = new Set(["include_context", "include_examples"]);
const SHARED_DEFINITIONS = new Set(["shared_context", "shared_examples", "shared_examples_for"]);
/** Class-level calls that only declare: they add no code that runs with a test. */
const DECLARATIONS = new Set(["fixtures", "parallelize", "private", "public", "protected", "attr_reader", "attr_accessor", "attr_writer", "require", "require_relative", "shared_examples", "shared_examples_for", "shared_context", "i_suck_and_my_tests_are_order_dependent!", "make_my_diffs_pretty!", "driven_by", "self.use_transactional_tests=", "use_transactional_tests=", "tests", "extend", "delegate", "alias_method", "it_behaves_like", "it_should_behave_like", "pending", "skip", "xit", "xdescribe", "xcontext", "fit", "fdescribe", "fcontext"]);
const HELPER = /^[a-z_][a-z0-9_]*_(?:path|url)$/;
/** How deep the followed methods and blocks may nest before what follows is left unknown. */
const MAX_DEPTH = 40;

interface State {
  /** Something may have set the session's URL options: nothing more is said in this test. */
  dead: boolean;
  /** The last request: none yet, a helper call's offset, a literal path, or not known. */
  last: undefined | number | { verb: string; path: string } | "unknown";
  earlier: Set<string>;
  since: Set<string>;
  unordered: boolean;
}

interface Scope {
  /** The shared groups being brought in (a group that includes itself is not followed twice). */
  including?: ReadonlySet<string>;
  /** The file's shared groups by name (`shared_context "signed in" do … end`), which `include_context` brings into a group. */
  shared: { get(name: string): N.BlockNode | undefined };
  lets: Map<string, N.Node | null>;
  defs: Map<string, N.DefNode>;
  /** Code that runs before each test of the scope, in order: hook blocks, `let!` names, host-resolved names. */
  hooks: ({ body: N.Node | null; once?: true } | { name: string } | { let: string })[];
  /** The metadata tags of the enclosing groups, for the configuration's hooks filtered on them. */
  tags?: readonly string[];
}

/** What one walk knows: the file's snapshots, the scope's lets and methods, the lets this test has run. */
interface Walk {
  out: Map<number, RecallAt | null>;
  scope: Scope;
  memo: Set<string>;
  following: Set<string>;
  depth: number;
  /** The helper named at each request target's offset, where the caller asks (a support method's last request). */
  helpers?: Map<number, string>;
}

const copy = (s: State): State => ({ dead: s.dead, last: s.last, earlier: new Set(s.earlier), since: new Set(s.since), unordered: s.unordered });
const fresh = (): State => ({ dead: false, last: undefined, earlier: new Set(), since: new Set(), unordered: false });
/** A name called: kept at its last call, so that `since` is in the order the calls ran. */
const called = (state: State, name: string) => {
  state.since.delete(name);
  state.since.add(name);
};
const sameLast = (a: State["last"], b: State["last"]) => a === b || (typeof a === "object" && typeof b === "object" && a.verb === b.verb && a.path === b.path);

/** `into` becomes what holds after either `into` or `other` ran. */
function join(into: State, other: State): void {
  into.dead ||= other.dead;
  if (!sameLast(into.last, other.last)) into.last = "unknown";
  for (const n of other.earlier) into.earlier.add(n);
  const same = into.since.size === other.since.size && [...into.since].every((n, i) => [...other.since][i] === n);
  if (!same) into.unordered = true;
  for (const n of other.since) into.since.add(n);
}

/**
 * Where each helper call of a file's integration tests stands (by the offset of its name), or
 * null where Routemap cannot say what the session holds there. Calls of other files, or outside
 * the tests' code, are not in the map.
 */
export function recallPoints(program: N.ProgramNode, o: { path: string }): Map<number, RecallAt | null> {
  const out = new Map<number, RecallAt | null>();
  const requestsFolder = /(?:^|\/)spec\/requests\//.test(o.path);
  const integrationFolder = /(?:^|\/)test\/integration\//.test(o.path);
  // Walked for only where a group includes one: most spec files are not request specs.
  let found: Map<string, N.BlockNode> | undefined;
  const shared = { get: (name: string) => (found ??= sharedGroups(program)).get(name) };
  const root = (hooks: Scope["hooks"]): Scope => ({ shared, lets: new Map(), defs: new Map(), hooks });
  const visit = (nodes: readonly N.Node[]) => {
    for (const node of nodes) {
      const superclass = node instanceof N.ClassNode && node.superclass ? constantPathText(node.superclass)?.replace(/^::/, "") : undefined;
      if (node instanceof N.ClassNode && superclass === "ActionDispatch::IntegrationTest") {
        minitestClass(node, root([{ name: HOOKS.minitest }]), out);
      } else if (node instanceof N.ClassNode && superclass && !OTHER_TEST_CASES.has(superclass) && (integrationFolder || /Integration/.test(superclass))) {
        // A base class of the app's (`class PostsTest < JavascriptIntegrationTest`): the host says whether it is an integration test, and what its hooks do.
        minitestClass(node, root([{ name: HOOKS.minitest }, { name: `#base:${superclass}` }]), out);
      } else if (node instanceof N.ModuleNode && node.body instanceof N.StatementsNode) visit(node.body.body);
      else if (node instanceof N.CallNode && isTopGroup(node) && node.block instanceof N.BlockNode) {
        const type = metadataType(node);
        if (type === "request") rspecGroup(node, root([{ name: HOOKS.request }]), out);
        else if (type === undefined && requestsFolder) rspecGroup(node, root([{ name: HOOKS.inferred }, { name: HOOKS.request }]), out);
      }
    }
  };
  visit(program.statements.body);
  return out;
}

/** The file's shared groups by name, wherever they are defined (RSpec's are global once the file is loaded). */
function sharedGroups(program: N.ProgramNode): Map<string, N.BlockNode> {
  const out = new Map<string, N.BlockNode>();
  const stack: N.Node[] = [program];
  while (stack.length) {
    const node = stack.pop()!;
    if (node instanceof N.CallNode && SHARED_DEFINITIONS.has(node.name) && node.block instanceof N.BlockNode && (!node.receiver || constantPathText(node.receiver) === "RSpec")) {
      const arg = node.arguments_?.arguments_[0];
      if (arg instanceof N.StringNode || arg instanceof N.SymbolNode) out.set(arg.unescaped.value, node.block);
    }
    for (const child of childrenOf(node)) stack.push(child);
  }
  return out;
}

/** Metadata tags of a group or an example (`:js`, `js: true`): the configuration's hooks filtered on them reach it; `type:` aside. */
function tagsOf(node: N.CallNode): string[] {
  const out: string[] = [];
  (node.arguments_?.arguments_ ?? []).forEach((arg, i) => {
    if (arg instanceof N.SymbolNode && i > 0) out.push(arg.unescaped.value);
    if (!(arg instanceof N.KeywordHashNode || arg instanceof N.HashNode)) return;
    for (const el of arg.elements) {
      if (el instanceof N.AssocNode && el.key instanceof N.SymbolNode && el.key.unescaped.value !== "type") out.push(el.key.unescaped.value);
      else if (!(el instanceof N.AssocNode && el.key instanceof N.SymbolNode)) out.push("?");
    }
  });
  return out;
}

/**
 * A scope's hooks and tags once a group or an example adds `tags` to those it has: for each new
 * tag, a host-resolved name `#tag:["tag", …the tags it had]`, so the configuration's hooks
 * filtered on several tags (which rspec-core runs only where all of them are, unlike
 * `config.include`'s) are told what the example has when the tag comes (testSupport.ts). A tag
 * given again adds nothing: a hook runs once per example.
 */
function tagged(scope: Scope, tags: readonly string[]): Pick<Scope, "hooks" | "tags"> {
  const had = [...(scope.tags ?? [])];
  const hooks = [...scope.hooks];
  for (const tag of tags) {
    if (had.includes(tag)) continue;
    hooks.push({ name: `#tag:${JSON.stringify([tag, ...[...had].sort()])}` });
    had.push(tag);
  }
  return { hooks, tags: had };
}

/** `RSpec.describe …`, or a bare `describe …` at the top of the file (RSpec's monkey patch). */
function isTopGroup(node: N.CallNode): boolean {
  if (!GROUPS.has(node.name)) return false;
  return !node.receiver || constantPathText(node.receiver)?.replace(/^::/, "") === "RSpec";
}

/** The group's `type:` metadata: its symbol's name, "" when it is not a literal symbol, undefined when not given. */
function metadataType(node: N.CallNode): string | undefined {
  for (const arg of node.arguments_?.arguments_ ?? []) {
    if (!(arg instanceof N.KeywordHashNode || arg instanceof N.HashNode)) continue;
    for (const el of arg.elements) {
      if (!(el instanceof N.AssocNode) || !(el.key instanceof N.SymbolNode) || el.key.unescaped.value !== "type") continue;
      return el.value instanceof N.SymbolNode ? el.value.unescaped.value : "";
    }
  }
  return undefined;
}

const LOOPS = new Set(["each", "each_with_index", "each_pair", "each_key", "each_value"]);

/**
 * A class's, context's or group's statements with its loops over literal data unrolled once
 * (publisher's `slug_prefix_for_kind.each do |kind, prefix| should "…" do … end end`,
 * rubygems.org's `[[:github, …], [:deps_dev, …]].each do |name, …| context … end`): each pass
 * defines the same tests, hooks and lets, whose code is the same but for the block's
 * parameters (values Routemap does not know, as a method's arguments). Only where the
 * collection is a literal that is not empty (or a local set to one in the same body, `+` and
 * `map` of one): over data that may be empty, no test may exist, and none is walked. A local
 * set to such a literal is data, not code that runs with the tests.
 */
function unrolled(stmts: readonly N.Node[], depth = 0): N.Node[] {
  const data = new Set<string>();
  const out: N.Node[] = [];
  for (const stmt of stmts) {
    if (stmt instanceof N.LocalVariableWriteNode && nonEmptyLiteral(stmt.value, data)) {
      data.add(stmt.name);
      continue;
    }
    if (depth < 4 && stmt instanceof N.CallNode && LOOPS.has(stmt.name) && stmt.receiver && !stmt.arguments_ && stmt.block instanceof N.BlockNode && nonEmptyLiteral(stmt.receiver, data)) {
      out.push(...unrolled(bodyOf(stmt.block.body), depth + 1));
      continue;
    }
    out.push(stmt);
  }
  return out;
}

/** A literal Array or Hash with an element (`%w[a b]`, `{ a: 1 }`), `+` of one, `.map`/`.freeze` of one, or a local set to one. */
function nonEmptyLiteral(node: N.Node, data: ReadonlySet<string>): boolean {
  if (node instanceof N.ArrayNode) return node.elements.length > 0 && !node.elements.some((e) => e instanceof N.SplatNode);
  if (node instanceof N.HashNode) return node.elements.length > 0 && node.elements.every((e) => e instanceof N.AssocNode);
  if (node instanceof N.LocalVariableReadNode) return data.has(node.name);
  if (node instanceof N.ParenthesesNode && node.body instanceof N.StatementsNode && node.body.body.length === 1) return nonEmptyLiteral(node.body.body[0], data);
  if (node instanceof N.CallNode && node.receiver && nonEmptyLiteral(node.receiver, data)) {
    const arg = node.arguments_?.arguments_ ?? [];
    if (node.name === "+" && arg.length === 1) return !callsSelf(arg[0]);
    if ((node.name === "map" || node.name === "freeze" || node.name === "to_a") && !arg.length) return !node.block || !callsSelf(node.block);
  }
  return false;
}

/** Whether code calls a method of `self` (a receiver-less call): it may do what Routemap does not follow. */
function callsSelf(node: N.Node): boolean {
  const stack: N.Node[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n instanceof N.CallNode && (!n.receiver || n.receiver instanceof N.SelfNode)) return true;
    for (const c of childrenOf(n)) stack.push(c);
  }
  return false;
}

function bodyOf(node: N.Node | null): readonly N.Node[] {
  if (node instanceof N.StatementsNode) return node.body;
  if (node instanceof N.BeginNode && !node.rescueClause && !node.ensureClause && !node.elseClause) return node.statements?.body ?? [];
  return node ? [node] : [];
}

/** A test of a Minitest class: its body, and the shoulda-context setups that run before it (after the class's hooks). */
interface MinitestTest {
  body: N.Node | null;
  setups: Scope["hooks"];
}

function minitestClass(cls: N.ClassNode, scope: Scope, out: Map<number, RecallAt | null>): void {
  const tests: MinitestTest[] = [];
  for (const stmt of unrolled(bodyOf(cls.body))) {
    if (stmt instanceof N.DefNode && !stmt.receiver) {
      if (/^(?:setup|before_setup)$/.test(stmt.name)) scope.hooks.push({ body: stmt.body });
      else if (/^test_/.test(stmt.name)) continue;
      else scope.defs.set(stmt.name, stmt);
    } else if (stmt instanceof N.CallNode && !stmt.receiver && stmt.name === "test" && stmt.block instanceof N.BlockNode) tests.push({ body: stmt.block.body, setups: [] });
    else if (stmt instanceof N.CallNode && !stmt.receiver && SHOULDA.has(stmt.name)) shouldaCall(stmt, [], scope, tests);
    else declaration(stmt, scope);
  }
  for (const t of tests) runTest(t.body, t.setups.length ? { ...scope, hooks: [...scope.hooks, ...t.setups] } : scope, out);
}

const SHOULDA = new Set(["context", "should", "should_not", "should_eventually", "before_should"]);

/**
 * shoulda-context (2.0, lib/shoulda/context/context.rb and dsl.rb) in a Minitest class: `context
 * "…" do … end` runs its block at once on a Context; there `setup` blocks are kept, `should "…" do
 * … end` becomes a test method of the class that runs, after the class's own setup callbacks,
 * the enclosing contexts' setup blocks outermost first (`run_parent_setup_blocks`), the should's
 * `before:` block, the context's own setup blocks (`run_current_setup_blocks`), then its block.
 * Any other call in a context goes to the class (`method_missing`), as the class's declarations
 * (not `test "…"`: that is Kernel#test, which raises). A `def` there is the Context
 * object's own method, which no test calls. `should matcher`, `should_not` and
 * `should_eventually` make no test Routemap walks (a matcher's assertion, or one never run).
 */
function shouldaCall(stmt: N.CallNode, setups: Scope["hooks"], scope: Scope, tests: MinitestTest[]): void {
  if (stmt.name === "context") {
    if (!(stmt.block instanceof N.BlockNode)) return;
    const own: Scope["hooks"] = [];
    const body = unrolled(bodyOf(stmt.block.body));
    // The context's setup blocks run before each of its shoulds wherever they are written in it.
    for (const inner of body) {
      if (!(inner instanceof N.CallNode) || inner.receiver || inner.name !== "setup") continue;
      own.push(inner.block instanceof N.BlockNode ? { body: inner.block.body } : { name: "#macro" });
    }
    const nested = [...setups, ...own];
    for (const inner of body) {
      if (inner instanceof N.DefNode || (inner instanceof N.CallNode && !inner.receiver && /^(?:setup|teardown|subject)$/.test(inner.name))) continue;
      if (inner instanceof N.CallNode && !inner.receiver && inner.name === "should" && inner.block instanceof N.BlockNode) {
        // `before:` runs between the enclosing contexts' setups and this one's.
        const before = beforeOption(inner);
        const hooks = before === undefined ? nested : [...setups, before, ...own];
        tests.push({ body: inner.block.body, setups: hooks });
      } else if (inner instanceof N.CallNode && !inner.receiver && inner.name === "before_should" && inner.block instanceof N.BlockNode) {
        tests.push({ body: null, setups: [...setups, { body: inner.block.body }, ...own] });
      } else if (inner instanceof N.CallNode && !inner.receiver && SHOULDA.has(inner.name)) shouldaCall(inner, nested, scope, tests);
      // `test "…" do` there is Kernel#test (the Context has it), which raises: no test is made.
      else if (inner instanceof N.CallNode && !inner.receiver && inner.name === "test") continue;
      else declaration(inner, scope);
    }
    return;
  }
  // A should outside any context: a context of its own around it, with no setup blocks.
  if (stmt.name === "should" && stmt.block instanceof N.BlockNode) {
    const before = beforeOption(stmt);
    tests.push({ body: stmt.block.body, setups: before === undefined ? setups : [...setups, before] });
  }
  // `before_should "…" do … end`: a should whose `before:` is the block and whose own block asserts nothing.
  if (stmt.name === "before_should" && stmt.block instanceof N.BlockNode) tests.push({ body: null, setups: [...setups, { body: stmt.block.body }] });
}

/** A should's `before:` option: a lambda's body, or a name that stands for code Routemap does not follow. */
function beforeOption(call: N.CallNode): Scope["hooks"][number] | undefined {
  for (const arg of call.arguments_?.arguments_ ?? []) {
    if (!(arg instanceof N.KeywordHashNode || arg instanceof N.HashNode)) continue;
    for (const el of arg.elements) {
      if (!(el instanceof N.AssocNode) || !(el.key instanceof N.SymbolNode) || el.key.unescaped.value !== "before") continue;
      return el.value instanceof N.LambdaNode ? { body: el.value.body } : { name: "#macro" };
    }
  }
  return undefined;
}

/**
 * A class-level or group-level statement other than a test: a hook, an included module (its
 * hooks and methods are the host's to say), a declaration, or code Routemap does not follow
 * (which may add hooks: a macro of a support module).
 */
function declaration(stmt: N.Node, scope: Scope): void {
  if (stmt instanceof N.DefNode) {
    if (!stmt.receiver) scope.defs.set(stmt.name, stmt);
    return;
  }
  if (!(stmt instanceof N.CallNode) || (stmt.receiver && !(stmt.receiver instanceof N.SelfNode))) {
    if (stmt instanceof N.CallNode || stmt instanceof N.ClassNode || stmt instanceof N.ModuleNode || stmt instanceof N.ConstantWriteNode) return;
    scope.hooks.push({ name: "#macro" });
    return;
  }
  const name = stmt.receiver ? `self.${stmt.name}` : stmt.name;
  if (HOOK_CALLS.has(name)) {
    const scopeArg = stmt.arguments_?.arguments_[0];
    // `setup :sign_in` names a method; `before(:all)` runs once in another instance, whose ivars (the session) each test copies.
    const once = scopeArg instanceof N.SymbolNode && (scopeArg.unescaped.value === "all" || scopeArg.unescaped.value === "context");
    if (stmt.block instanceof N.BlockNode) scope.hooks.push(once ? { body: stmt.block.body, once } : { body: stmt.block.body });
    else if (scopeArg instanceof N.SymbolNode && name === "setup") for (const arg of stmt.arguments_!.arguments_) scope.hooks.push({ name: arg instanceof N.SymbolNode ? arg.unescaped.value : "#macro" });
    else scope.hooks.push({ name: "#macro" });
  } else if (AFTER_HOOKS.has(name)) return;
  // What an around hook does before and after `example.run` is walked as one hook: a request anywhere in it counts.
  else if (name === "around") scope.hooks.push(stmt.block instanceof N.BlockNode ? { body: stmt.block.body } : { name: "#around" });
  else if (name === "let" || name === "let!" || name === "subject" || name === "subject!") {
    const arg = stmt.arguments_?.arguments_[0];
    const letName = arg instanceof N.SymbolNode ? arg.unescaped.value : arg ? undefined : "subject";
    const body = stmt.block instanceof N.BlockNode ? stmt.block.body : null;
    if (letName === undefined) return void scope.hooks.push({ name: "#macro" });
    scope.lets.set(letName, body);
    if (name.startsWith("subject")) scope.lets.set("subject", body);
    if (name.endsWith("!")) scope.hooks.push({ let: letName });
  } else if (name === "include" || name === "prepend") {
    for (const arg of stmt.arguments_?.arguments_ ?? []) scope.hooks.push({ name: `#include:${constantPathText(arg)?.replace(/^::/, "") ?? "?"}` });
  } else if (SHARED.has(name)) {
    const arg = stmt.arguments_?.arguments_[0];
    const shared = arg instanceof N.StringNode || arg instanceof N.SymbolNode ? arg.unescaped.value : "?";
    const own = scope.shared.get(shared);
    // The file's own shared group: its declarations are the group's (its examples are not walked).
    if (own && !scope.including?.has(shared)) {
      const inner: Scope = { ...scope, including: new Set([...(scope.including ?? []), shared]) };
      for (const s of bodyOf(own.body)) if (!(s instanceof N.CallNode && !s.receiver && (GROUPS.has(s.name) || EXAMPLES.has(s.name)))) declaration(s, inner);
    } else scope.hooks.push({ name: `#shared:${shared}` });
  } else if (!DECLARATIONS.has(name) && !GROUPS.has(name) && !EXAMPLES.has(name) && name !== "test") scope.hooks.push({ name: "#macro" });
}

/** A group's body: its own lets, methods and hooks over its parent's; then its examples and nested groups. */
function rspecGroup(group: N.CallNode, parent: Scope, out: Map<number, RecallAt | null>): void {
  const block = group.block as N.BlockNode;
  const scope: Scope = { ...parent, lets: new Map(parent.lets), defs: new Map(parent.defs), ...tagged(parent, tagsOf(group)) };
  const body = unrolled(bodyOf(block.body));
  for (const stmt of body) if (!(stmt instanceof N.CallNode && !stmt.receiver && (GROUPS.has(stmt.name) || EXAMPLES.has(stmt.name)))) declaration(stmt, scope);
  for (const stmt of body) {
    if (!(stmt instanceof N.CallNode) || stmt.receiver || !(stmt.block instanceof N.BlockNode)) continue;
    // A nested group of another type (`type: :system`) is not a request spec.
    if (GROUPS.has(stmt.name) && (metadataType(stmt) ?? "request") === "request") rspecGroup(stmt, scope, out);
    else if (EXAMPLES.has(stmt.name) && stmt.name !== "its") {
      const tags = tagsOf(stmt);
      runTest(stmt.block.body, tags.length ? { ...scope, ...tagged(scope, tags) } : scope, out);
    }
  }
}

/** One test: the scope's hooks in order, then its body, every helper call's snapshot recorded. */
function runTest(body: N.Node | null, scope: Scope, out: Map<number, RecallAt | null>): void {
  const state = fresh();
  const w: Walk = { out, scope, memo: new Set(), following: new Set(), depth: 0 };
  for (const hook of scope.hooks) {
    if ("name" in hook) called(state, hook.name);
    else if ("let" in hook) runLet(hook.let, state, w);
    else if (hook.once) {
      // A request in `before(:all)` makes the session there, and every example gets that same
      // session (RSpec copies the hook's instance variables): it then holds the last request of
      // the example before, whatever this hook asked for.
      const before = state.last;
      walk(hook.body, state, w, false);
      if (state.last !== before) state.last = "unknown";
    } else walk(hook.body, state, w, true);
  }
  walk(body, state, w, true);
}

function runLet(name: string, state: State, w: Walk): void {
  if (w.memo.has(name)) return;
  w.memo.add(name);
  walk(w.scope.lets.get(name) ?? null, state, w, false);
}

/** Records what holds at a helper call; a call reached twice with different sessions is left unsaid. */
function snapshot(offset: number, state: State, w: Walk, check: boolean): void {
  if (!check) return;
  const at: RecallAt | null =
    state.dead || state.last === "unknown"
      ? null
      : {
          ...(typeof state.last === "number" ? { lastRequest: state.last } : typeof state.last === "object" ? { lastPath: state.last } : {}),
          earlier: [...state.earlier].sort(),
          since: [...state.since],
          ...(state.unordered ? { unordered: true as const } : {}),
        };
  if (!w.out.has(offset)) w.out.set(offset, at);
  else if (JSON.stringify(w.out.get(offset)) !== JSON.stringify(at)) w.out.set(offset, null);
}

/**
 * The target a request goes to: a receiver-less helper call's offset, a literal path, or not known.
 * A helper's path with a query or a fragment added (`post_path(p) + "?tab=x"`, `"#{post_path(p)}#top"`)
 * goes to the helper's route: Rails recognizes the path alone (a fragment is not sent); any other
 * text added may lead to another route, and is not known.
 */
function requestTarget(call: N.CallNode, w: Walk): State["last"] {
  let target = call.arguments_?.arguments_[0];
  if (target) target = helperOfSuffixed(target) ?? target;
  if (target instanceof N.CallNode && !target.receiver && HELPER.test(target.name) && !target.block) {
    const at = (target.messageLoc ?? target.location).startOffset;
    w.helpers?.set(at, target.name);
    return at;
  }
  if (target instanceof N.StringNode) return { verb: call.name.toUpperCase(), path: target.unescaped.value };
  return "unknown";
}

/** `helper(…) + "?…"` (also chained, or `"#{helper(…)}?…"`): the helper call, where only a query or a fragment follows it. */
function helperOfSuffixed(node: N.Node): N.Node | undefined {
  const suffix = (text: string) => text === "" || /^[?#]/.test(text);
  if (node instanceof N.CallNode && node.name === "+" && node.receiver && node.arguments_?.arguments_.length === 1) {
    const arg = node.arguments_.arguments_[0];
    const inner = node.receiver instanceof N.CallNode && node.receiver.name === "+" ? helperOfSuffixed(node.receiver) : node.receiver;
    if (!inner) return undefined;
    // A suffix already begun (`+ "?a=1" + "&b=2"`, `+ "?page=#{n}"`) may go on with anything.
    const chained = inner !== node.receiver;
    if (arg instanceof N.StringNode && (chained || suffix(arg.unescaped.value))) return inner;
    if (arg instanceof N.InterpolatedStringNode && (chained || (arg.parts[0] instanceof N.StringNode && suffix(arg.parts[0].unescaped.value) && arg.parts[0].unescaped.value !== ""))) return inner;
    return undefined;
  }
  if (node instanceof N.InterpolatedStringNode && node.parts.length >= 1) {
    const [first, ...rest] = node.parts;
    if (!(first instanceof N.EmbeddedStatementsNode) || first.statements?.body.length !== 1) return undefined;
    const next = rest[0];
    if (next && !(next instanceof N.StringNode && suffix(next.unescaped.value) && next.unescaped.value !== "")) return undefined;
    return first.statements.body[0];
  }
  return undefined;
}

/**
 * Walks code in the order it runs, updating the session's state; `check`: the helper calls met
 * here run where they stand (not in a method or `let` followed from elsewhere).
 */
function walk(node: N.Node | null, state: State, w: Walk, check: boolean): void {
  if (!node || state.dead) return;
  if (w.depth > MAX_DEPTH) return void (state.dead = true);
  w.depth++;
  try {
    walkNode(node, state, w, check);
  } finally {
    w.depth--;
  }
}

function walkNode(node: N.Node, state: State, w: Walk, check: boolean): void {
  if (node instanceof N.CallNode) return walkCall(node, state, w, check);
  if (node instanceof N.DefNode || node instanceof N.ClassNode || node instanceof N.ModuleNode || node instanceof N.SingletonClassNode) return;
  if (node instanceof N.LambdaNode) return deferred(node.body, state, w);
  if (node instanceof N.IfNode || node instanceof N.UnlessNode) {
    walk(node.predicate, state, w, check);
    const other = node instanceof N.IfNode ? node.subsequent : node.elseClause;
    return branches([node.statements, other], state, w, check);
  }
  if (node instanceof N.CaseNode || node instanceof N.CaseMatchNode) {
    walk(node.predicate, state, w, check);
    const arms = [...node.conditions, node.elseClause];
    return branches(arms, state, w, check, !node.elseClause);
  }
  if (node instanceof N.AndNode || node instanceof N.OrNode) {
    walk(node.left, state, w, check);
    return branches([node.right], state, w, check, true);
  }
  if (node instanceof N.WhileNode || node instanceof N.UntilNode || node instanceof N.ForNode) {
    if (!(node instanceof N.ForNode)) walk(node.predicate, state, w, check);
    else walk(node.collection, state, w, check);
    return branches([node.statements], state, w, check, true);
  }
  if (node instanceof N.BeginNode && (node.rescueClause || node.ensureClause)) {
    // Any statement of the body may raise into a rescue: what the rescue and ensure see is joined.
    const entry = copy(state);
    walk(node.statements, state, w, check);
    const after = copy(state);
    join(after, entry);
    for (const part of [node.rescueClause, node.elseClause, node.ensureClause]) {
      if (!part) continue;
      const seen = copy(after);
      walk(part, seen, w, false);
      join(state, seen);
    }
    return;
  }
  for (const child of childrenOf(node)) walk(child, state, w, check);
}

/** Arms of which one runs (or none, `mayNotRun`): each from the same state, then joined. */
function branches(arms: (N.Node | null)[], state: State, w: Walk, check: boolean, mayNotRun = false): void {
  const entry = copy(state);
  let joined: State | undefined = mayNotRun ? copy(entry) : undefined;
  for (const arm of arms) {
    const seen = copy(entry);
    walk(arm, seen, w, check);
    if (joined) join(joined, seen);
    else joined = seen;
  }
  if (!joined) return;
  state.dead = joined.dead;
  state.last = joined.last;
  state.earlier = joined.earlier;
  state.since = joined.since;
  state.unordered = joined.unordered;
}

/** Code kept to run later (a lambda, a block given to `define_method`): if it could touch the session, what follows is not known. */
function deferred(body: N.Node | null, state: State, w: Walk): void {
  const seen = fresh();
  walk(body, seen, w, false);
  if (seen.dead || seen.last !== undefined || seen.since.size) state.dead = true;
}

function walkCall(call: N.CallNode, state: State, w: Walk, check: boolean): void {
  const name = call.name;
  if (URL_OPTIONS.test(name)) return void (state.dead = true);
  const self = !call.receiver || call.receiver instanceof N.SelfNode;
  if (!self) {
    // Routes drawn into the app's set (`Rails.application.routes.draw do … end`, `.send(:eval_block,
    // proc { … })` in a spec's `before`): the mapper runs that code, not the session; only the
    // DSL's `default_url_options` touches URL generation.
    if (drawsRoutes(call)) return void (callsNamed(call, "default_url_options") && (state.dead = true));
    walk(call.receiver, state, w, check);
    walkArguments(call, state, w, check);
    // `ApplicationController.class_eval do … end`: the block's calls are that object's, not the test's.
    if (EVALUATED_INTO.has(name)) return;
    return block(call, state, w, check, IMMEDIATE.has(name));
  }
  const args = call.arguments_?.arguments_ ?? [];
  if (HELPER.test(name) && !w.scope.defs.has(name)) {
    walkArguments(call, state, w, check);
    snapshot((call.messageLoc ?? call.location).startOffset, state, w, check);
    return block(call, state, w, check, false);
  }
  if (REQUESTS.has(name) && args.length) {
    walkArguments(call, state, w, check);
    block(call, state, w, check, false);
    return request(state, requestTarget(call, w));
  }
  if (OTHER_REQUESTS.has(name)) {
    walkArguments(call, state, w, check);
    return request(state, "unknown");
  }
  if (name === "reset!") return request(state, undefined);
  if (!args.length && !call.block && (w.scope.lets.has(name) || name === "is_expected" || name === "should" || name === "should_not")) {
    return runLet(w.scope.lets.has(name) ? name : "subject", state, w);
  }
  const def = w.scope.defs.get(name);
  if (def) {
    walkArguments(call, state, w, check);
    if (w.following.has(name)) return void (state.dead = true);
    w.following.add(name);
    walk(def.body, state, w, false);
    w.following.delete(name);
    return block(call, state, w, false, false);
  }
  walkArguments(call, state, w, check);
  if (DEFERRED.has(name)) return deferred(call.block instanceof N.BlockNode ? call.block.body : null, state, w);
  if (!quietName(name)) called(state, name);
  block(call, state, w, check, IMMEDIATE.has(name) || /^assert_/.test(name));
}

/** `…routes.draw`/`append`/`prepend`/`eval_block` (or `send(:eval_block, …)`): a call that runs routing DSL on the app's route set. */
function drawsRoutes(call: N.CallNode): boolean {
  if (!(call.receiver instanceof N.CallNode) || call.receiver.name !== "routes") return false;
  if (call.name === "draw" || call.name === "append" || call.name === "prepend" || call.name === "eval_block") return true;
  const first = call.arguments_?.arguments_[0];
  return (call.name === "send" || call.name === "__send__") && first instanceof N.SymbolNode && first.unescaped.value === "eval_block";
}

/** Whether code under `node` calls a method of this name. */
function callsNamed(node: N.Node, name: string): boolean {
  return someCall(node, (call) => call.name === name);
}

/** A method of the test frameworks, Rails' test helpers or Ruby that makes no request and sets no URL option itself (its block aside). */
const quietName = (name: string) => QUIET.has(name) || /^(?:assert|refute|must|wont)(?:_|$)/.test(name) || /^(?:be|have|a|an)_/.test(name);

/** Whether a name the walk never takes for one that may request (testSupport.ts names the first that may, not one of these). */
export const neverRequests = (name: string) => quietName(name) || DEFERRED.has(name) || IMMEDIATE.has(name);

function walkArguments(call: N.CallNode, state: State, w: Walk, check: boolean): void {
  walk(call.arguments_, state, w, check);
  if (call.block instanceof N.BlockArgumentNode) walk(call.block.expression, state, w, check);
}

/** A call's block: run at once (checked where it stands, `now`), or by a method Routemap does not know, any number of times or never. */
function block(call: N.CallNode, state: State, w: Walk, check: boolean, now: boolean): void {
  if (!(call.block instanceof N.BlockNode)) return;
  if (now) return walk(call.block.body, state, w, check);
  branches([call.block.body], state, w, false, true);
}

function request(state: State, target: State["last"]): void {
  for (const n of state.since) state.earlier.add(n);
  state.since.clear();
  state.unordered = false;
  state.last = target;
}

/** Where a support method's last request went, when it is known: a literal path, or a route helper's name. */
export type LastRequest = { verb: string; path: string } | { helper: string };

/**
 * What a method's body does to the session, where a support file defines it (`def sign_in(user)
 * post "/login", …`): quiet, requests (through names that are quiet or request too), or unknown;
 * and for one that requests, where its last request went when that is known (nothing it calls
 * after it may request). `resolve` says what the names it calls do.
 */
export function effectOfBody(body: N.Node | null, defs: ReadonlyMap<string, N.DefNode>, resolve: (name: string) => IntegrationEffect): { effect: IntegrationEffect; last?: LastRequest } {
  const state = fresh();
  const w: Walk = { out: new Map(), scope: { shared: new Map(), lets: new Map(), defs: new Map(defs), hooks: [] }, memo: new Set(), following: new Set(), depth: 0, helpers: new Map() };
  walk(body, state, w, false);
  if (state.dead) return { effect: "unknown" };
  let effect: IntegrationEffect = state.last === undefined ? "quiet" : "requests";
  let laterRequests = false;
  for (const name of state.earlier) {
    const e = resolve(name);
    if (e === "unknown") return { effect: "unknown" };
    if (e === "requests") effect = "requests";
  }
  for (const name of state.since) {
    const e = resolve(name);
    if (e === "unknown") return { effect: "unknown" };
    if (e === "requests") (effect = "requests"), (laterRequests = true);
  }
  const last = state.last;
  if (laterRequests || last === undefined || last === "unknown") return { effect };
  return { effect, last: typeof last === "number" ? { helper: w.helpers!.get(last)! } : last };
}
