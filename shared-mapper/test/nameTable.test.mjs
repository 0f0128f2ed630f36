// The route-name table behind "Invalid route name, already in use" and the dropping of taken
// automatic names: a set of names that must never lose or invent one, whatever the hashes do.
import { test } from "node:test";
import assert from "node:assert/strict";
import { identifierHash, NameTable, nameHash } from "../dist/mapper/nameTable.js";

/** A route list and its table, filled as `RouteSet` fills them: the row is the route's index. */
function table() {
  const routes = [];
  const names = new NameTable(routes);
  const add = (name, hash) => {
    const added = names.add(name, routes.length, hash);
    routes.push({ name: added ? name : "" });
    return added;
  };
  return { names, add };
}

test("every name added is found, through the table's growth, and none is added twice", () => {
  const { names, add } = table();
  const name = (i) => `resource${i}_things`;
  for (let i = 0; i < 20_000; i++) assert.equal(add(name(i)), true);
  for (let i = 0; i < 20_000; i += 997) {
    assert.equal(names.has(name(i)), true);
    assert.equal(add(name(i)), false, `${name(i)} is taken`);
  }
  assert.equal(names.has("resource20000_things"), false);
  assert.equal(names.has(""), false);
});

test("names with one hash stay apart", () => {
  const { names, add } = table();
  // The hash is the caller's to give (drawOnBase computes it while checking the name).
  for (const n of ["posts", "post", "new_post", "edit_post"]) assert.equal(add(n, 12345), true);
  for (const n of ["posts", "post", "new_post", "edit_post"]) assert.equal(names.has(n, 12345), true);
  assert.equal(names.has("comments", 12345), false);
  assert.equal(add("post", 12345), false);
});

test("the hash is never 0, the empty-slot mark", () => {
  for (const n of ["", "a", "posts", "\u0000", "x".repeat(1000)]) assert.notEqual(nameHash(n), 0);
});

test("checkName is a valid name's hash, and 0 for a name add_route rejects", async () => {
  const { RouteSet } = await import("../dist/mapper/routeSet.js");
  const set = new RouteSet();
  // Ruby's `^`/`$` are line anchors: a name with a valid line passes Rails' check.
  const names = ["posts", "new_post", "_private", "Admin_posts", "post2", "2posts", "", "a-b", "café", "a b", "bad\nname_ok", "-\n-"];
  for (const n of names) assert.equal(set.checkName(n), set.isValidName(n) ? nameHash(n) : 0, JSON.stringify(n));
  // The one-pass check passes plain identifiers only; lines of a multi-line name go to the regexp.
  const identifiers = names.filter((n) => identifierHash(n) !== 0);
  assert.deepEqual(identifiers, ["posts", "new_post", "_private", "Admin_posts", "post2"]);
  for (const n of identifiers) assert.equal(identifierHash(n), nameHash(n));
});

test("a released table's storage serves the next table empty, and the released one still answers", () => {
  const routes = [];
  const first = new NameTable(routes, 1000);
  for (let i = 0; i < 1000; i++) {
    first.add(`first${i}`, routes.length);
    routes.push({ name: `first${i}` });
  }
  first.release();
  const others = [];
  const second = new NameTable(others, 1000);
  assert.equal(second.has("first1"), false, "the next table starts empty");
  assert.equal(second.add("first1", 0), true);
  others.push({ name: "first1" });
  // Asked again, the released table rebuilds itself from its routes' names.
  assert.equal(first.has("first999"), true);
  assert.equal(first.has("second"), false);
  assert.equal(first.add("first5", routes.length), false);
  assert.equal(second.has("first1"), true);
});
