/**
 * Where an integration test's code runs before the test's first request: there its URL helpers
 * recall no path parameters, so a required segment left out raises.
 *
 * Rails followed (actionpack, action_dispatch/testing/integration.rb, 6.1 to 8.1): a test's
 * helpers are the integration session's; its `url_options` merge the last request's
 * controller's (`controller.url_options`, which hold that request's path parameters) only once
 * there is a controller, that is after a request. Checked against Rails 6.1 by the oracle
 * (test-fixtures/helper-checks/recall, test/integration).
 *
 * Only the code Routemap can vouch for counts: a `test "…" do` block directly in a class that
 * inherits `ActionDispatch::IntegrationTest` and has no `setup`/`before`/`teardown` or included
 * module of its own, through its first statement that is neither quiet nor a request to a
 * helper's route. Quiet statements make no request: an assertion, a local assignment of a
 * literal, of a call on a constant (`Post.create!`, `FactoryBot.create(:post)`) or of a fixture
 * accessor (`posts(:one)`, one symbol argument). A request statement (`get …`) counts for its
 * arguments, which run before it; after it, the session recalls that request's path parameters
 * (those its helper call gives). Anything else may make a request (a helper method that signs
 * in): what follows is not said. Whether the app's test helper adds a `setup` is for the host
 * to say (`UrlGenerationContext.integrationSetup`).
 */
import * as N from "@ruby/prism/src/nodes.js";
import { constantPathText } from "../ruby/walk.js";

const REQUESTS = new Set(["get", "post", "put", "patch", "delete", "head"]);
const SETUP = new Set(["setup", "before", "teardown", "after", "around"]);

/**
 * A stretch of an integration test's code and what its session recalls there: nothing (before
 * the first request), or the path parameters of the last request, made to the helper call at
 * `requestAt` (the offset of its name).
 */
export interface RecallSegment {
  start: number;
  end: number;
  requestAt?: number;
}

/** The stretches of a file's integration tests whose recall Routemap can vouch for. */
export function recallSegments(program: N.ProgramNode): RecallSegment[] {
  const out: RecallSegment[] = [];
  for (const cls of integrationClasses(program)) {
    const body = cls.body instanceof N.StatementsNode ? cls.body.body : [];
    if (body.some(isSetup)) continue;
    for (const stmt of body) {
      if (stmt instanceof N.CallNode && stmt.name === "test" && !stmt.receiver && stmt.block instanceof N.BlockNode) out.push(...segmentsOf(stmt.block));
    }
  }
  return out;
}

/** Top-level (or module-nested) classes whose superclass is written `ActionDispatch::IntegrationTest`. */
function integrationClasses(program: N.ProgramNode): N.ClassNode[] {
  const out: N.ClassNode[] = [];
  const visit = (nodes: readonly N.Node[]) => {
    for (const node of nodes) {
      if (node instanceof N.ClassNode && node.superclass && constantPathText(node.superclass)?.replace(/^::/, "") === "ActionDispatch::IntegrationTest") out.push(node);
      else if (node instanceof N.ModuleNode && node.body instanceof N.StatementsNode) visit(node.body.body);
    }
  };
  visit(program.statements.body);
  return out;
}

/** `setup do … end`, `def setup`, `before_setup`, a module included (its hooks)…: code that may run before each test, which Routemap does not follow. */
function isSetup(node: N.Node): boolean {
  if (node instanceof N.CallNode && !node.receiver && (SETUP.has(node.name) || node.name === "include" || node.name === "prepend")) return true;
  return node instanceof N.DefNode && /^(?:setup|before_setup|teardown|after_teardown)$/.test(node.name);
}

/**
 * A test block's stretches: from its start through the first request's arguments nothing is
 * recalled; each request's arguments recall the request before it, when that one went to a
 * helper's route (`get post_path(1)`). Quiet statements in between change nothing; anything
 * else (a request to a computed path, `follow_redirect!`, a helper method) ends what is known.
 */
function segmentsOf(block: N.BlockNode): RecallSegment[] {
  const out: RecallSegment[] = [];
  let start = block.location.startOffset;
  let requestAt: number | undefined;
  const statements = block.body instanceof N.StatementsNode ? block.body.body : [];
  for (const stmt of statements) {
    if (isQuiet(stmt)) continue;
    const request = stmt instanceof N.CallNode && !stmt.receiver && REQUESTS.has(stmt.name) && !stmt.block ? stmt : undefined;
    const args = request?.arguments_?.location;
    if (!request || !args) {
      out.push({ start, end: stmt.location.startOffset, requestAt });
      return out;
    }
    out.push({ start, end: args.startOffset + args.length, requestAt });
    const target = request.arguments_!.arguments_[0];
    if (!(target instanceof N.CallNode) || target.receiver || !/_(?:path|url)$/.test(target.name) || target.block) return out;
    start = args.startOffset + args.length;
    requestAt = (target.messageLoc ?? target.location).startOffset;
  }
  out.push({ start, end: block.location.startOffset + block.location.length, requestAt });
  return out;
}

function isQuiet(stmt: N.Node): boolean {
  // Minitest's assertions read the response; none makes a request (`assert_difference`'s block may: a block is not quiet).
  if (stmt instanceof N.CallNode && !stmt.receiver && !stmt.block && /^(?:assert|refute)(?:_|$)/.test(stmt.name)) return true;
  if (!(stmt instanceof N.LocalVariableWriteNode)) return false;
  const value = stmt.value;
  if (value instanceof N.StringNode || value instanceof N.SymbolNode || value instanceof N.IntegerNode || value instanceof N.NilNode || value instanceof N.TrueNode || value instanceof N.FalseNode) return true;
  if (!(value instanceof N.CallNode) || value.block) return false;
  if (value.receiver) return value.receiver instanceof N.ConstantReadNode || value.receiver instanceof N.ConstantPathNode;
  // A fixture accessor: `posts(:one)`.
  const args = value.arguments_?.arguments_ ?? [];
  return args.length === 1 && args[0] instanceof N.SymbolNode;
}

/**
 * Whether test/test_helper.rb (its text; undefined when there is none) may run code before an
 * integration test: a `setup`/`before` of its own, or a file of the app it loads (whose hooks
 * are not read; `inTestFolder` says whether a plain `require` names a file in test/). Requiring the app's environment, `rails/test_help` and gems is not: a gem's
 * hooks make no request to the app.
 */
export function testHelperMaySetUp(text: string | undefined, inTestFolder: (required: string) => boolean): boolean {
  if (text === undefined) return true;
  const code = text
    .split("\n")
    .map((line) => line.replace(/(^|\s)#.*$/, ""))
    .join("\n");
  if (/\b(?:setup|before|teardown|around|Dir|load|eval|instance_eval|class_eval)\b/.test(code)) return true;
  for (const m of code.matchAll(/\brequire_relative\s*\(?\s*["']([^"']*)["']/g)) if (m[1] !== "../config/environment") return true;
  // `require "support/sign_in"`: test/ is on the load path of `rails test`.
  for (const m of code.matchAll(/\brequire\s*\(?\s*["']([^"']*)["']/g)) if (inTestFolder(m[1])) return true;
  return false;
}
