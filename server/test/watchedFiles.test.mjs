// What the language server keeps of the disk while the client watches it (watchedFiles.ts):
// which paths count as watched, and that a kept text or listing is read again exactly where a
// change is reported.
import { test } from "node:test";
import assert from "node:assert/strict";
import { isWatchedPath, KeptFiles, REGISTERED_GLOBS } from "../dist/watchedFiles.js";

const ROOT = "/srv/app/shop";

/** A file system over `files` that counts its reads, with links where `links` says. */
function countingFs(files, links = new Set()) {
  const reads = { files: 0, dirs: 0 };
  const entries = (dir) => {
    const out = new Set();
    for (const path of files.keys()) {
      if (!path.startsWith(`${dir}/`)) continue;
      const rest = path.slice(dir.length + 1);
      out.add(rest.includes("/") ? `${rest.slice(0, rest.indexOf("/"))}/` : rest);
    }
    return [...out];
  };
  return {
    reads,
    fs: {
      readFile: (p) => (reads.files++, files.get(p)),
      readDir: (d) => (reads.dirs++, entries(d)),
      exists: (p) => files.has(p),
      // A folder named `linked` leads elsewhere in the workspace.
      realPath: (p) => p.replace("/linked/", "/target/").replace(/\/linked$/, "/target"),
      isLink: (p) => links.has(p),
    },
  };
}

test("watched paths: the registered files and folders, below the workspace folder that holds them", () => {
  const folders = [ROOT];
  for (const path of ["config/routes.rb", "config/routes/admin.rb", "Gemfile.lock", "app/models/order.rb", "app/views/orders/show.html.haml", "spec/requests/orders_spec.rb", "config/boot.rb", "lib/tasks/x.rake"]) {
    assert.ok(isWatchedPath(`${ROOT}/${path}`, folders), path);
  }
  // `/srv/app/…` has a folder named app above the workspace folder: not what `**/app/**` means there.
  for (const path of ["Rakefile", "README.md", "db/schema.rb", "../other/app/x.rb"]) assert.ok(!isWatchedPath(`${ROOT}/${path}`, folders), path);
  assert.ok(!isWatchedPath("/elsewhere/app/models/order.rb", folders));
  assert.ok(REGISTERED_GLOBS.includes("**/app/**") && REGISTERED_GLOBS.includes("**/Gemfile.lock"));
});

test("kept texts and listings: read once, read again where a change is reported", () => {
  const files = new Map([
    [`${ROOT}/app/views/orders/index.html.erb`, "<%= orders_path %>"],
    [`${ROOT}/app/views/orders/show.html.erb`, "<%= order_path(1) %>"],
    [`${ROOT}/app/views/admin/orders/index.html.erb`, "<%= admin_orders_path %>"],
    [`${ROOT}/Rakefile`, "require_relative 'config/application'"],
  ]);
  const { fs: disk, reads } = countingFs(files);
  let watching = true;
  const kept = new KeptFiles(() => [ROOT]);
  const fs = kept.over(disk, () => watching);
  const index = `${ROOT}/app/views/orders/index.html.erb`;

  assert.equal(fs.readFile(index), "<%= orders_path %>");
  files.set(index, "<%= root_path %>");
  assert.equal(fs.readFile(index), "<%= orders_path %>", "no change reported: the kept text");
  assert.equal(reads.files, 1);
  kept.changed(index, "changed");
  assert.equal(fs.readFile(index), "<%= root_path %>");

  // Not watched: read each time.
  fs.readFile(`${ROOT}/Rakefile`);
  fs.readFile(`${ROOT}/Rakefile`);
  assert.equal(reads.files, 4);

  // Listings: a file created in a new folder is reported, the folder may not be; its folders are listed again.
  assert.deepEqual(fs.readDir(`${ROOT}/app/views`).sort(), ["admin/", "orders/"]);
  files.set(`${ROOT}/app/views/users/new/form.html.erb`, "<%= users_path %>");
  assert.deepEqual(fs.readDir(`${ROOT}/app/views`).sort(), ["admin/", "orders/"]);
  kept.changed(`${ROOT}/app/views/users/new/form.html.erb`, "created");
  assert.deepEqual(fs.readDir(`${ROOT}/app/views`).sort(), ["admin/", "orders/", "users/"]);

  // A folder that went, reported as one: its files' texts and its listings go with it.
  const admin = `${ROOT}/app/views/admin/orders/index.html.erb`;
  assert.equal(fs.readFile(admin), "<%= admin_orders_path %>");
  assert.deepEqual(fs.readDir(`${ROOT}/app/views/admin`), ["orders/"]);
  files.delete(admin);
  kept.changed(`${ROOT}/app/views/admin`, "deleted");
  assert.equal(fs.readFile(admin), undefined);
  assert.deepEqual(fs.readDir(`${ROOT}/app/views/admin`), []);
  assert.deepEqual(fs.readDir(`${ROOT}/app/views`).sort(), ["orders/", "users/"]);

  // A folder never listed, whose file was read by its path: it goes with the folder too.
  const model = `${ROOT}/app/models/admin/user.rb`;
  files.set(model, "class Admin::User; end");
  assert.equal(fs.readFile(model), "class Admin::User; end");
  files.delete(model);
  kept.changed(`${ROOT}/app/models/admin/user.rb.swp`, "deleted");
  assert.equal(fs.readFile(model), "class Admin::User; end", "another file's going leaves it");
  kept.changed(`${ROOT}/app/models/admin`, "deleted");
  assert.equal(fs.readFile(model), undefined);

  // Not watching: the disk each time.
  watching = false;
  const before = reads.files;
  fs.readFile(index);
  fs.readFile(index);
  assert.equal(reads.files, before + 2);
});

test("kept texts: never through a symbolic link, whose target's changes are reported for the target", () => {
  const files = new Map([
    [`${ROOT}/config/routes/extra.rb`, "get 'a', to: 'a#b'"],
    [`${ROOT}/app/linked/x.rb`, "X = 1"],
  ]);
  const { fs: disk, reads } = countingFs(files, new Set([`${ROOT}/config/routes/extra.rb`]));
  const fs = new KeptFiles(() => [ROOT]).over(disk, () => true);
  for (const path of [`${ROOT}/config/routes/extra.rb`, `${ROOT}/app/linked/x.rb`]) {
    fs.readFile(path);
    fs.readFile(path);
  }
  assert.equal(reads.files, 4);
  fs.readDir(`${ROOT}/app/linked`);
  fs.readDir(`${ROOT}/app/linked`);
  assert.equal(reads.dirs, 2);
});
