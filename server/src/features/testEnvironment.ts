/**
 * Tests run in the test environment (rails_helper.rb and test_helper.rb set `RAILS_ENV` to
 * test, railties' generators write it so): a route under `if Rails.env.test?` exists there, and
 * a test's call of its helper is defined (laa-apply-for-legal-aid's `test_session_path`, which
 * its request specs post to). The check draws the table in the environment it is given; for the
 * files of spec/ and test/, the helpers of the table drawn in the test environment count too.
 * That table is drawn once, and only when a test file calls a name the other lacks. So is the table
 * drawn with the environment's variables unknown (`ENV["CCQ_MODE"]`), whose routes exist where the
 * variables have other values than in the shell the check runs in.
 */
import { relative, sep } from "node:path";
import type { MapInput, MapResult, Route } from "@routemap/shared-mapper";
import { appHelperTables, helperIndex } from "./helpers.js";

/** For a file of the app at `root`: the helpers its routes define in the test environment, if it is a test's file and `input` is another environment's. */
export function testEnvHelpers(root: string, input: MapInput, map: (input: MapInput) => MapResult): (path: string) => ReadonlySet<string> | undefined {
  if ((input.options?.railsEnv ?? "development") === "test") return () => undefined;
  let names: ReadonlySet<string> | undefined;
  return (path) => {
    const inApp = relative(root, path).split(sep).join("/");
    if (!/^(spec|test)\//.test(inApp)) return undefined;
    names ??= ownHelperNames(map({ ...input, options: { ...input.options, railsEnv: "test" } }));
    return names;
  };
}

/**
 * The helpers the app's routes define under other values of the environment variables they read
 * (`get … as: :embedded if ENV["CCQ_MODE"] == "embedded"`, which the shell the check runs in decides
 * against): the table drawn with `ENV` unknown, both sides of each such condition. A file calling one
 * may run only where the variable has that value (laa-check-client-qualifies' results view, under an
 * instance variable its controller sets in that mode): not said to be undefined. Drawn once, when
 * first asked, and only where the map read a variable of the environment `input` gives.
 */
export function envVariableHelpers(input: MapInput, result: MapResult, map: (input: MapInput) => MapResult): () => ReadonlySet<string> | undefined {
  if (!readsEnvVariables(input, result) || result.diagnostics.some((d) => d.code === "budget-exceeded")) return () => undefined;
  let names: ReadonlySet<string> | undefined;
  return () => (names ??= ownHelperNames(map(withoutEnvVariables(input))));
}

/** The helpers a table's own routes define. */
const ownHelperNames = (result: MapResult): ReadonlySet<string> => new Set(helperIndex(appHelperTables(result).own).keys());

/** The environments an app's routes are drawn in: a route may be in one's table alone. */
const ENVIRONMENTS = ["development", "test", "production"];
/** A routes file that reads its environment (`if Rails.env.test?`, `ENV["…"]`): only then may another environment's table route elsewhere. */
const READS_ENVIRONMENT = /\bRails\.env\b|\bENV\b|\bRAILS_ENV\b/;

/**
 * The routes the app's other environments' tables have (development, test and production, less
 * `input`'s own), drawn only where a routes file reads its environment; for the unreached-action
 * hint, which an action a test-only route reaches must not get (gobierto's stub controllers under
 * `if Rails.env.test?`: made private, as the hint says, they would break the tests).
 */
export function otherEnvironmentRoutes(input: MapInput, result: MapResult, map: (input: MapInput) => MapResult): readonly Route[] {
  const own = input.options?.railsEnv ?? "development";
  const text = (path: string) => (input.files instanceof Map ? input.files.get(path) : (input.files as Record<string, string>)[path]);
  const readsEnvironment = result.files.some((path) => /\/config\/routes(?:\.rb$|\/)/.test(path) && READS_ENVIRONMENT.test(text(path) ?? ""));
  // A table that ran out of its budget is open everywhere (no action is hinted as unreached): the
  // others, each with a budget of its own, would cost as much again apiece for nothing.
  if (result.diagnostics.some((d) => d.code === "budget-exceeded")) return [];
  const others = readsEnvironment ? ENVIRONMENTS.filter((env) => env !== own).flatMap((railsEnv) => map({ ...input, options: { ...input.options, railsEnv } }).routes) : [];
  // And the routes drawn under other values of the environment variables the map read (`envVariableHelpers`).
  return readsEnvVariables(input, result) ? [...others, ...map(withoutEnvVariables(input)).routes] : others;
}

/** Whether the map read a variable of the environment `input` gives (a routes file's `ENV["MODE"]`, or a method's it calls: `ModeConfig.embedded?`); else `ENV` is unknown already. */
function readsEnvVariables(input: MapInput, result: MapResult): boolean {
  return input.options?.env !== undefined && result.readsEnv === true;
}

/** `input` with `ENV` unknown: both sides of each condition on a variable drawn, each marked. */
const withoutEnvVariables = (input: MapInput): MapInput => ({ ...input, options: { ...input.options, env: undefined } });

/**
 * `map` for one table's other environments, each drawn once: the test environment's table serves
 * both the test files' helpers (`testEnvHelpers`) and the unreached-action hints
 * (`otherEnvironmentRoutes`). The inputs asked of it differ from one another only in their environment,
 * and in whether they give `ENV`'s values.
 */
export function mapsByEnvironment(map: (input: MapInput) => MapResult): (input: MapInput) => MapResult {
  const drawn = new Map<string, MapResult>();
  return (input) => {
    // Keyed by the environment, and by whether `ENV`'s values are given (`withoutEnvVariables`).
    const env = `${input.options?.railsEnv ?? "development"}${input.options?.env === undefined ? " without ENV" : ""}`;
    let result = drawn.get(env);
    if (!result) drawn.set(env, (result = map(input)));
    return result;
  };
}
