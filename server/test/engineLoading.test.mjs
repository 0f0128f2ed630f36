// Which path gems' engines an app loads (server/src/cli/engineLoading.ts): the Gemfile's groups
// and `require:` options, config/application.rb's `Bundler.require`, and the literal requires
// followed into the path gems. Each case is an app in memory; the expectation names the engines
// not loaded, or "all" where the reading is not sure and every engine counts as loaded.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bundlerGroups, engineLoading, readGemfile } from "../dist/cli/engineLoading.js";

/** A FileSystem over `{path: text}` (what engineLoading reads: readFile only). */
const memoryFs = (files) => ({ readFile: (p) => files[p], exists: (p) => p in files, readDir: () => [] });

const lock = (...gems) =>
  gems.map(([name, dir]) => `PATH\n  remote: ${dir}\n  specs:\n    ${name} (0.1.0)\n\n`).join("") + "GEM\n  specs:\n    railties (6.1.7.10)\n\nDEPENDENCIES\n  rails\n";

function check(name, { gemfile, application = "Bundler.require(*Rails.groups)\n", gems, files = {}, env = "development" }, expected) {
  test(`engine loading: ${name}`, () => {
    const root = "/app";
    const all = { "/app/Gemfile": gemfile, "/app/Gemfile.lock": lock(...gems), "/app/config/application.rb": application };
    for (const [path, text] of Object.entries(files)) all[`/app/${path}`] = text;
    const engines = gems.map(([, dir]) => ({ root: `/app/${dir}`, routes: `/app/${dir}/config/routes.rb` }));
    const { notLoaded } = engineLoading(root, engines, { fs: memoryFs(all), railsEnv: env });
    assert.deepEqual(notLoaded.map((n) => n.engine.root.slice(5)), expected);
  });
}

check("require: false, and nothing requires it", { gemfile: 'gem "a", path: "a", require: false\n', gems: [["a", "a"]] }, ["a"]);
check("require: false, required by a loaded gem", {
  gemfile: 'gem "a", path: "a", require: false\ngem "b", path: "b"\n',
  gems: [["a", "a"], ["b", "b"]],
  files: { "b/lib/b.rb": 'require "b/engine"\nrequire "a"\n', "b/lib/b/engine.rb": "", "a/lib/a.rb": "" },
}, []);
check("require: false, required by config/application.rb", {
  gemfile: 'gem "a", path: "a", :require => false\n',
  application: 'require "a/engine"\nBundler.require(*Rails.groups)\n',
  gems: [["a", "a"]],
  files: { "a/lib/a/engine.rb": "" },
}, []);
check("a group Rails.groups leaves out", {
  gemfile: 'group :test do\n  gem "a", path: "a"\nend\ngem "b", path: "b", group: :development\n',
  gems: [["a", "a"], ["b", "b"]],
  files: { "a/lib/a.rb": "", "b/lib/b.rb": "" },
}, ["a"]);
check("the same in the test environment", {
  gemfile: 'group :test do\n  gem "a", path: "a"\nend\ngem "b", path: "b", group: :development\n',
  env: "test",
  gems: [["a", "a"], ["b", "b"]],
  files: { "a/lib/a.rb": "", "b/lib/b.rb": "" },
}, ["b"]);
check("samson: gemspec path gems in the default group, Bundler.require(:preload)", {
  gemfile: "group :preload do\n  gem 'railties'\nend\nDir[File.join(Bundler.root, 'plugins/*/')].each { |f| gemspec path: f }\n",
  application: "Bundler.require(:preload)\nBundler.require(:assets) if Rails.env.development?\n",
  gems: [["samson_env", "plugins/env"]],
  files: { "plugins/env/lib/samson_env/samson_plugin.rb": "" },
}, ["plugins/env"]);
check("a computed Bundler.require: all loaded", { gemfile: 'gem "a", path: "a", require: false\n', application: "Bundler.require(*Rails.groups(assets: %w[development]))\n", gems: [["a", "a"]] }, []);
check("no Bundler.require in config/application.rb: all loaded", { gemfile: 'gem "a", path: "a", require: false\n', application: "", gems: [["a", "a"]] }, []);
check("a path gem the Gemfile does not name: all loaded", { gemfile: 'gem "b", path: "b"\n', gems: [["a", "a"]] }, []);
check("a computed require: option: all loaded", { gemfile: 'gem "a", path: "a", require: ENV["A"]\n', gems: [["a", "a"]] }, []);
check("eval_gemfile: all loaded", { gemfile: 'eval_gemfile "other"\ngem "a", path: "a", require: false\n', gems: [["a", "a"]] }, []);

test("readGemfile: groups of blocks and options, require: values, continued calls", () => {
  const gemfile = readGemfile(
    'source "https://rubygems.org"\ngem "a", "~> 1.0", # comment\n  require: "a/b"\ngroup :development, :test do\n  gem "c"\n  platforms :mri do\n    gem "d", require: ["d1", "d2"]\n  end\nend\ngem "e", groups: %i[x y], require: false\nif ENV["X"]\n  gem "f"\nend\n',
  );
  assert.deepEqual(Object.fromEntries(gemfile.gems), {
    a: { groups: ["default"], require: ["a/b"], requirements: ["~> 1.0"] },
    c: { groups: ["development", "test"], require: ["c"], requirements: [] },
    d: { groups: ["development", "test"], require: ["d1", "d2"], requirements: [] },
    e: { groups: ["x", "y"], require: [], requirements: [] },
    f: { groups: ["default"], require: ["f"], requirements: [] },
  });
  assert.equal(readGemfile('group :test do\n  gem "a"\n'), undefined, "an unclosed block");
  // Version constraints: literal strings only; a computed one, a git or path source, a condition after the call: none.
  const versions = readGemfile('gem "r", RAILS\ngem "g", github: "x/g"\ngem "p", path: "p"\ngem("q", "~> 2", ">= 2.1")\ngem "m", "1.0" if ENV["M"]\ngem "o", :require => false\n');
  assert.deepEqual(Object.fromEntries([...versions.gems].map(([name, gem]) => [name, gem.requirements])), {
    r: undefined, g: undefined, p: undefined, q: ["~> 2", ">= 2.1"], m: undefined, o: [],
  });
});

test("bundlerGroups: Rails.groups, literal groups, computed ones", () => {
  assert.deepEqual([...bundlerGroups("Bundler.require(*Rails.groups)\n", "production")], ["default", "production"]);
  assert.deepEqual([...bundlerGroups("Bundler.require(:preload)\nBundler.require(:assets) if ENV['X']\n# Bundler.require(:nope)\n", "development")], ["preload", "assets"]);
  assert.deepEqual([...bundlerGroups("Bundler.require\n", "development")], ["default"]);
  assert.equal(bundlerGroups("Bundler.require(*Rails.groups(assets: %w(development test)))\n", "development"), undefined);
  assert.equal(bundlerGroups("Bundler.require(*groups)\n", "development"), undefined);
  assert.equal(bundlerGroups("require 'rails'\n", "development"), undefined);
});

test("a hostile Gemfile or application.rb is read in linear time", () => {
  const cases = {
    "200k continued lines": ['gem "a",\n'.repeat(200_000), "Bundler.require\n"],
    "an unclosed Bundler.require( of 200k `(`": ['gem "a"\n', `Bundler.require(${"(".repeat(200_000)}\n`],
    "Bundler.require and 100k words": ['gem "a"\n', `Bundler.require ${"a ".repeat(100_000)}\n`],
    "a line of 200k spaces and `#`": [`${" #".repeat(200_000)}\n`, `${" ".repeat(200_000)}Bundler.require${"\t".repeat(200_000)}\n`],
    "200k `do` lines": ["group :a do\n".repeat(200_000), "Bundler.require\n"],
    "100k nested groups, then 100k gems": ["group :a do\n".repeat(100_000) + 'gem "x"\n'.repeat(100_000), "Bundler.require\n"],
    "a group of 100k names, then 100k gems": ["group " + ":a, ".repeat(100_000) + ':b do\n' + 'gem "x"\n'.repeat(100_000) + "end\n", "Bundler.require\n"],
    "60 groups deep, then 100k gems": ["group :a do\n".repeat(60) + 'gem "x"\n'.repeat(100_000), "Bundler.require\n"],
  };
  for (const [name, [gemfile, application]] of Object.entries(cases)) {
    const started = performance.now();
    readGemfile(gemfile);
    bundlerGroups(application, "development");
    const ms = performance.now() - started;
    assert.ok(ms < 1500, `${name}: ${ms.toFixed(0)} ms`);
  }
});

// The gem and the reason travel as fields (what engineToCheck says at the engine's routes file),
// beside the mapper's sentence: no reader takes them back out of the sentence.
test("engine loading: an engine not loaded carries its gem's name and why as fields", async () => {
  const { markEnginesLoaded } = await import("../dist/cli/engineLoading.js");
  const { engineToCheck } = await import("../dist/features/engineContexts.js");
  const all = { "/app/Gemfile": 'group :test do\n  gem "extras", path: "x"\nend\n', "/app/Gemfile.lock": lock(["extras", "x"]), "/app/config/application.rb": "Bundler.require(*Rails.groups)\n" };
  const [engine] = markEnginesLoaded("/app", [{ root: "/app/x", routes: "/app/x/config/routes.rb" }], { fs: memoryFs(all), railsEnv: "development" });
  assert.deepEqual(engine.notLoadedGem, { name: "extras", because: "it is in the Gemfile's `test` group, which config/application.rb's `Bundler.require` does not require" });
  assert.match(engine.notLoaded, /^Routemap does not draw this file's routes: the app does not load gem `extras`/);
  const table = { routes: [], engines: [] };
  assert.deepEqual(engineToCheck(engine, table), { why: "the app does not load gem `extras` (it is in the Gemfile's `test` group, which config/application.rb's `Bundler.require` does not require)" });
  // Its sentence rewritten does not change what the rule says.
  assert.deepEqual(engineToCheck({ ...engine, notLoaded: "another sentence" }, table), engineToCheck(engine, table));
});
