// The one-pass path scanner must agree with the full Journey grammar on everything it
// accepts, and hand everything else (and every error) to the full parser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzePath, EMPTY_PATH, extendPath, names, optionalNames, parsePath, pathToString, requiredNames } from "../dist/journey/pattern.js";

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

test("extending a path's analysis gives what analysing the longer path gives", () => {
  const bases = ["", "/a", "/a/:b", "/:format", "/:id", "/x*y", "/a.b", "/a-b/c_d"];
  const segments = ["posts", ":id", ":post_id", "new", "my-posts", "(.:format)"];
  const fields = (i) => i && { text: i.text, names: i.names, required: i.required, optional: i.optional, stars: i.stars, segments: i.segments };
  let checked = 0;
  for (const base of bases) {
    for (const first of segments) {
      for (const second of [undefined, ...segments]) {
        let info = base === "" ? EMPTY_PATH : analyzePath(base);
        let text = base;
        for (const segment of [first, second].filter(Boolean)) {
          info = info && extendPath(info, segment);
          text += segment === "(.:format)" ? segment : `/${segment}`;
        }
        if (!info) continue;
        assert.deepEqual(fields(info), fields(analyzePath(text)), text);
        // Asked again, the same analysis comes back.
        assert.equal(extendPath(base === "" ? EMPTY_PATH : analyzePath(base), first), base === "" ? extendPath(EMPTY_PATH, first) : extendPath(analyzePath(base), first));
        checked++;
      }
    }
  }
  assert.ok(checked > 200, `${checked}`);
  // Not plain: a slash, a group, a glob, an empty segment, a dash in a name.
  for (const segment of ["a/b", "(x)", "*rest", "", ":a-b", ":"]) assert.equal(extendPath(analyzePath("/a"), segment), undefined, segment);
});
