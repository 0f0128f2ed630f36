/**
 * Tests run in the test environment (rails_helper.rb and test_helper.rb set `RAILS_ENV` to
 * test, railties' generators write it so): a route under `if Rails.env.test?` exists there, and
 * a test's call of its helper is defined (laa-apply-for-legal-aid's `test_session_path`, which
 * its request specs post to). The check draws the table in the environment it is given; for the
 * files of spec/ and test/, the helpers of the table drawn in the test environment count too.
 * That table is drawn once, and only when a test file calls a name the other lacks.
 */
import { relative, sep } from "node:path";
import type { MapInput, MapResult } from "@routemap/shared-mapper";
import { appHelperTables, helperIndex } from "./helpers.js";

/** For a file of the app at `root`: the helpers its routes define in the test environment, if it is a test's file and `input` is another environment's. */
export function testEnvHelpers(root: string, input: MapInput, map: (input: MapInput) => MapResult): (path: string) => ReadonlySet<string> | undefined {
  if ((input.options?.railsEnv ?? "development") === "test") return () => undefined;
  let names: ReadonlySet<string> | undefined;
  return (path) => {
    const inApp = relative(root, path).split(sep).join("/");
    if (!/^(spec|test)\//.test(inApp)) return undefined;
    names ??= new Set(helperIndex(appHelperTables(map({ ...input, options: { ...input.options, railsEnv: "test" } })).own).keys());
    return names;
  };
}
