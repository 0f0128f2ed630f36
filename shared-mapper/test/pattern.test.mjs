// The one-pass path scanner must agree with the full Journey grammar on everything it
// accepts, and hand everything else (and every error) to the full parser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzePath, EMPTY_PATH, extendedPath, isPlainSuffix, names, optionalNames, parsePath, pathToString, requiredNames, restoredPath } from "../dist/journey/pattern.js";

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
  const bases = ["", "/a", "/a/:b", "/:format", "/:id", "/x*y", "/a/*b", "/(:a)", "/a.b", "/a-b/c_d"];
  const suffixes = ["posts", ":id", ":post_id", "new", "my-posts", "posts/:id", "posts/:post_id/comments/new", "a-b/:c_d/e"];
  const fields = (i) => i && { text: i.text, names: i.names, required: i.required, optional: i.optional, stars: i.stars, segments: i.segments };
  let checked = 0;
  for (const base of bases) {
    for (const suffix of suffixes) {
      for (const format of [false, true]) {
        const info = extendedPath(base === "" ? EMPTY_PATH : analyzePath(base), suffix, format);
        const text = `${base}/${suffix}${format ? "(.:format)" : ""}`;
        assert.deepEqual(fields(info), fields(analyzePath(text)), text);
        assert.equal(info.ast.type, analyzePath(text).ast.type, text);
        checked++;
      }
    }
  }
  assert.ok(checked > 100, `${checked}`);
  // A path the scanner leaves to the parser (an alternative) is not extended.
  assert.equal(extendedPath(analyzePath("/a|b"), "c", true), undefined);
  // Not plain: a group, a glob, an empty segment, a dash in a name, a lone colon, a dot, a line break.
  for (const suffix of ["(x)", "*rest", "", "a//b", "a/", "/a", ":a-b", ":", "a.b", "caf\u00e9", "a\nb", "a\n"]) {
    assert.equal(extendedPath(analyzePath("/a"), suffix, true), undefined, suffix);
    assert.equal(isPlainSuffix(suffix), false, suffix);
  }
});

test("analyses stay right while the cache turns over its generations", () => {
  // More paths than two generations hold: early ones are dropped and analysed again, recent
  // ones come from the cache, and every answer is the path's own. Only what the full parser
  // analyses is kept (an alternation sends a path there).
  const path = (i) => `/gen${i}/:item${i}_id/(things|stuff)(.:format)`;
  const first = analyzePath(path(0));
  for (let i = 1; i < 10_000; i++) analyzePath(path(i));
  for (const i of [0, 1, 5_000, 9_998, 9_999]) {
    const info = analyzePath(path(i));
    assert.equal(info.text, path(i));
    assert.deepEqual(info.required, [`item${i}_id`]);
    assert.deepEqual(info.optional, ["format"]);
  }
  assert.notEqual(analyzePath(path(0)), first, "the first analysis left the cache with its generation");
  assert.equal(analyzePath(path(9_999)), analyzePath(path(9_999)), "a recent analysis is the cached one");
  const scanned = "/gen1/:item1_id/things(.:format)";
  assert.notEqual(analyzePath(scanned), analyzePath(scanned), "a scanned path is scanned again, not kept");
});

test("a restored route's path (drawMemoStore.ts) reads as its analysis; a malformed one throws at once", () => {
  const fields = (info) => ({ text: info.text, names: info.names, required: info.required, optional: info.optional, stars: info.stars, segments: info.segments, ast: pathToString(info.ast) });
  for (const path of [...PATHS, "/", "/(.:format)", "/admin/posts/:post_id/comments/:id/edit(.:format)", "/a/", "/a-b.c~d/:e_1"]) {
    assert.deepEqual(fields(restoredPath(path)), fields(analyzePath(path)), path);
  }
  // Not plain: analysed at once, so a damaged recording's restore fails where it is refused.
  for (const path of ["", "(", "/a(", "/a|"]) assert.throws(() => restoredPath(path), undefined, path);
});
