// The one-pass path scanner must agree with the full Journey grammar on everything it
// accepts, and hand everything else (and every error) to the full parser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzePath, names, optionalNames, parsePath, pathToString, requiredNames } from "../dist/journey/pattern.js";

const PATHS = [
  "/posts(.:format)", "/posts/:id/edit(.:format)", "/a/*b/c", "/x*y/:z", "/files/*path.:format", "/(:locale/)about(.:format)",
  "/posts(/page/:page)(/sort/:sort)(.:format)", "/a:b", "/:a:b", "/a-:b", "/*a/foo/*b(.:format)", "/:controller(/:action(/:id))(.:format)",
  "/caf%C3%A9(.:format)", "/a.b", "/robots.:format", "/sitemap.xml", "/q?x", "/x/:id*rest", "/((:a))", "/a/(b)/c", "/a|b", "/a\\:b", "/:id(:id)",
];

test("the scanner agrees with the grammar on names, required and optional parts, and text", () => {
  for (const path of PATHS) {
    const ast = parsePath(path);
    const info = analyzePath(path);
    assert.deepEqual(
      { text: info.text, names: info.names, required: info.required, optional: info.optional },
      { text: pathToString(ast), names: names(ast), required: requiredNames(ast), optional: optionalNames(ast) },
      path,
    );
    assert.equal(pathToString(info.ast), pathToString(ast), path);
  }
});

test("malformed paths raise the grammar's own errors", () => {
  for (const path of ["", "(", ")", "()", "/a(", "/a)", "/a|", "|a"]) {
    let expected;
    try {
      parsePath(path);
    } catch (e) {
      expected = e.message;
    }
    assert.ok(expected, `the grammar accepts ${JSON.stringify(path)}`);
    assert.throws(() => analyzePath(path), { message: expected }, path);
  }
});
