// Haml and Slim templates read as Ruby for the URL helper checks: each fixture in test-fixtures/templates is
// rendered line by line with the Ruby it became (`» `) and the helper calls found on it (`^`),
// then compared with the `.expected` file beside it. UPDATE_EXPECT=1 rewrites the expectations.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { definedHelperNames, hamlToRuby, isDefinedName, partialLocalKeys, slimToRuby } from "../dist/index.js";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { mapper } from "./helpers.mjs";

const DIR = join(FIXTURES, "templates");
const READERS = { haml: hamlToRuby, slim: slimToRuby };

async function check(name) {
  const path = join(DIR, name);
  const text = readFileSync(path, "utf8");
  const { ruby, locals } = READERS[name.split(".").pop()](text);
  assert.equal(ruby.length, text.length, "offsets are kept");
  const { calls } = (await mapper()).urlUses(`/app/app/views/posts/${name}`, text);
  const rubyLines = ruby.split("\n");
  const out = [];
  text.replace(/\n$/, "").split("\n").forEach((line, i) => {
    out.push(line);
    if (rubyLines[i].trim()) out.push(`» ${rubyLines[i].trimEnd()}`);
    for (const c of calls.filter((c) => c.span.start.line === i)) {
      const when = c.when ? ` (runs only if ${c.when.map((w) => `${w.holds ? "" : "not "}${w.test}`).join(" and ")})` : "";
      out.push(`  ${" ".repeat(c.span.start.character)}${"^".repeat(c.span.end.character - c.span.start.character)} ${c.receiver ? `${c.receiver}.` : ""}${c.name}${c.maybeLocal ? " (bare, in a partial: a local where a render passes one)" : ""}${when}`);
    }
  });
  out.push(`locals: ${[...locals].sort().join(" ")}`, `calls: ${calls.length}`);
  const actual = out.join("\n") + "\n";
  const expectedPath = `${path}.expected`;
  if (process.env.UPDATE_EXPECT === "1" || (!existsSync(expectedPath) && process.env.CI !== "true")) writeFileSync(expectedPath, actual);
  assert.ok(existsSync(expectedPath), `missing ${expectedPath}: run with UPDATE_EXPECT=1`);
  assert.equal(actual, readFileSync(expectedPath, "utf8"));
}

for (const name of readdirSync(DIR).filter((n) => /\.(haml|slim)$/.test(n)).sort()) {
  test(`templates: ${name}`, () => check(name));
}

test("templates: any text, however broken, keeps its length and its newlines, and is read in linear time", () => {
  // Fragments of Haml, cut and joined at random (a fixed seed): unclosed brackets, strings and
  // interpolations, stray markers, deep indentation.
  const pieces = ["a ", "href=", "*", "| ", "' ", "< ", "li: ", "javascript:", "\\", "%a{", "}", "(", ")", "[", "]", '"', "'", "#{", "- ", "= ", "!= ", "&= ", "~ ", "-# ", ":javascript", ":ruby", "/ ", "\\", " |", ",", " do |x|", "if ", "%p", ".c", "#i", "x_path", "\n", "\n  ", "\n    ", "🎉", "\r\n", "\t"];
  let seed = 7;
  const random = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  for (let round = 0; round < 2000; round++) {
    let text = "";
    for (let i = random(40); i > 0; i--) text += pieces[random(pieces.length)];
    for (const read of Object.values(READERS)) {
      const { ruby } = read(text);
      assert.equal(ruby.length, text.length, JSON.stringify(text));
      for (let i = 0; i < text.length; i++) if ((text[i] === "\n") !== (ruby[i] === "\n")) assert.fail(`newline moved in ${JSON.stringify(text)}`);
    }
  }
  // Unclosed on every line: each is read once (an interpolation closes on its line), and
  // strings in interpolations in strings… do not recurse without end (20,000 deep threw).
  for (const line of ["%p text\n", "| text\n", "%p #{\n", "  a #{\n", '%a{ b: "#{\n', '%a{ b: "#{', "%a{ href: x,\n", "p #{\n", 'a href="#{\n', "a(href=x\n", "= f(x,\n"]) {
    for (const [start, read] of [[":javascript\n", hamlToRuby], ["javascript:\n", slimToRuby]]) {
      const text = `${start}${line.repeat(20000)}`;
      const started = performance.now();
      assert.equal(read(text).ruby.length, text.length);
      assert.ok(performance.now() - started < 2000, `${JSON.stringify(line)} × 20,000 is read in one pass (quadratic took 3–5 s)`);
    }
  }
});

// Hostile templates: each reader and the helper-call search are linear in the file. The
// sizes are those that took seconds to minutes before (a position counted from the line's
// start for every call on one long line, one-character strings per slot, a regexp rescanning).
test("20,000 helper calls on one line, and `<%= link_to(` repeated, are read in linear time", { timeout: 20_000 }, async () => {
  const m = await mapper();
  const started = Date.now();
  const { calls } = m.urlUses("/app/app/views/posts/index.html.erb", "<%= posts_path %>".repeat(20_000));
  assert.equal(calls.length, 20_000);
  assert.deepEqual(calls[19_999].span.start, { line: 0, character: 19_999 * 17 + 4 });
  const accented = m.urlUses("/app/app/views/posts/show.html.erb", "é<%= posts_path %>".repeat(20_000)).calls;
  assert.deepEqual(accented[19_999].span.start, { line: 0, character: 19_999 * 18 + 5 });
  m.urlUses("/app/app/views/posts/new.html.erb", "<%= link_to(".repeat(20_000));
  assert.ok(Date.now() - started < 10_000, `${Date.now() - started} ms`);
});

test("Haml and Slim: deep indentation, long `|` runs, inline tags and word-list loops stay linear", { timeout: 20_000 }, () => {
  const deep = (line) => Array.from({ length: 2_800 }, (_, i) => " ".repeat(i) + line).join("\n");
  const cases = [
    ["deep Haml", () => hamlToRuby(deep("%div= posts_path"))],
    ["deep Slim", () => slimToRuby(deep("div = posts_path"))],
    // Each block's lines were looked through to find its end: 1,500 deep took 15 s.
    ["deep Haml `- if`", () => hamlToRuby(deep("- if a"))],
    ["deep Slim `- if`", () => slimToRuby(deep("- if a"))],
    ["Haml `|` run", () => hamlToRuby("= link_to posts_path, |\n" + "  a: 1, |\n".repeat(200_000))],
    ["Haml plain `|` run", () => hamlToRuby("  text |\n".repeat(200_000))],
    ["Slim inline tags", () => slimToRuby("li: ".repeat(200_000) + "a = posts_path\n")],
    ["Slim `,` run", () => slimToRuby("= link_to a,\n" + "  b,\n".repeat(200_000) + "  c\n")],
  ];
  for (const [name, read] of cases) {
    const started = Date.now();
    const { ruby, blocks } = read();
    assert.ok(ruby.length > 0);
    if (name.endsWith("`- if`")) assert.deepEqual([blocks.length, blocks[0].body.end], [2_800, { line: 2_799, character: 2_805 }], name);
    assert.ok(Date.now() - started < 3_000, `${name}: ${Date.now() - started} ms`);
  }
  const names = new Set();
  const started = Date.now();
  definedHelperNames("%w(".repeat(50_000) + "\n%w(edit new).each do |action|\n  def #{action}_polymorphic_url; end\nend\n", names);
  // One loop, whose list (as Ruby's lexer would not, but as before) runs from the first `%w(`.
  assert.ok(names.has("new_polymorphic_url"));
  assert.ok(Date.now() - started < 2_000, `${Date.now() - started} ms`);
});

test("definedHelperNames: a word list's define_method with a prefix (Capybara's have_no_current_path)", () => {
  const names = new Set();
  // capybara/rspec/matchers.rb, 3.36: the negated matchers made from a word list.
  definedHelperNames('%w[selector css current_path link\n   sibling].each do |matcher_type|\n  define_method "have_no_#{matcher_type}" do |*args|\n  end\nend\n', names);
  // The word list's names, and the prefix any name it builds has.
  assert.deepEqual([...names], ["have_no_current_path", "have_no_*"]);
});

test("definedHelperNames: `delegate … prefix:` defines the prefixed names (scihist_digicoll's components), over lines, with `prefix: true` the target's", () => {
  const names = new Set();
  definedHelperNames('class DownloadsListComponent < ApplicationComponent\n  delegate :m4a_audio_url, :derivatives_up_to_date?, :m4a_audio_download_url,\n    :m4a_audio_download_filename,\n    to: :combined_audio_derivatives, prefix: "combined"\n  delegate :path, :name, to: :avatar, prefix: true\n  delegate :url, :to => :logo, :prefix => :brand\n  delegate :title, to: :post\nend\n', names);
  for (const name of ["combined_m4a_audio_url", "combined_m4a_audio_download_url", "avatar_path", "brand_url"]) assert.ok(names.has(name), `${name} in ${[...names].join(", ")}`);
  // Without a prefix, only the names written (as symbols) count; nothing is made of them.
  assert.ok(!names.has("combined_derivatives_up_to_date?") && !names.has("post_title"));
  // A text of `delegate` on one long line is read in time.
  const started = Date.now();
  definedHelperNames(`delegate :a, ${"delegate :b, ".repeat(40_000)}prefix: :x\n`, new Set());
  assert.ok(Date.now() - started < 2_000, `${Date.now() - started} ms`);
});

test("definedHelperNames: a define_method of a name it builds after a prefix may define any name with that prefix (littlesis' concretize_ helpers)", () => {
  const names = new Set();
  // public-accountability/littlesis-rails, app/helpers/entities_helper.rb: a method per route of the app's own table.
  definedHelperNames('module EntitiesHelper\n  Rails.application.routes.routes.each do |route|\n    %w[path url].each do |suffix|\n      define_method("concretize_#{route.name}_#{suffix}") { |e| e }\n    end\n  end\nend\n', names);
  assert.deepEqual([...names], ["concretize_*"]);
  assert.ok(isDefinedName(names, "concretize_entity_path"));
  assert.ok(!isDefinedName(names, "entity_path"));
  // A prefix of two letters or none says too little: nothing is taken from it.
  const short = new Set();
  definedHelperNames('define_method("#{name}_path") {}\ndefine_method(:"x_#{name}") {}\n', short);
  assert.deepEqual([...short], []);
});

test("definedHelperNames: Devise.add_module's route actions are Devise's URL helpers (a gem's module or the app's initializer)", () => {
  const of = (text) => {
    const names = new Set();
    definedHelperNames(text, names, new Set());
    return [...names].sort().join(" ") || "-";
  };
  // devise_ichain_authenticatable 0.3.2 (osem): Devise 4.8's `add_module` puts the actions in
  // URL_HELPERS, and `generate_helpers!` defines `#{action}#{module}_#{path_or_url}` for each.
  assert.equal(
    of("Devise.add_module(:ichain_registerable,\n  strategy: false,\n  controller: :ichain_registrations,\n  route: { ichain_registration: [nil, :new, :edit] })\n"),
    "edit_ichain_registration_path edit_ichain_registration_url ichain_registration_path ichain_registration_url new_ichain_registration_path new_ichain_registration_url",
  );
  assert.equal(of('Devise.add_module :sso, :route => { :sso_session => ["new", nil] }'), "new_sso_session_path new_sso_session_url sso_session_path sso_session_url");
  // `route: true` or a symbol adds the key with no action: no helper.
  assert.equal(of("Devise.add_module :token, route: :token\nDevise.add_module :magic, route: true"), "-");
});

test("partialLocalKeys: the x_path keys a file passes; a name it builds may be any local, unless it is built to call a method", () => {
  const of = (text) => {
    const keys = new Set();
    return partialLocalKeys(text, keys) ? [...keys].sort().join(" ") || "-" : "any";
  };
  assert.equal(of('render "form", cancel_path: posts_path, locals: { back_url: root_url }'), "back_url cancel_path");
  assert.equal(of('render "form", locals: { "#{kind}_path": x }'), "any");
  // forms-admin's AuthenticationController: a method called by a built name passes no local.
  assert.equal(of('redirect_to send(:"#{auth_provider}_sign_out_url"), allow_other_host: true\nrender :guidance, locals: { post_url: x }'), "post_url");
  assert.equal(of('x.public_send("edit_#{kind}_path", y) if respond_to?(:"#{kind}_url")'), "-");
  // openstreetmap-website's CopyrightHelper: an I18n key ending in _url is no local's name (it had every partial's bare calls left unchecked).
  assert.equal(of('t(".legal_babble.#{name}_#{link_name}_url")'), "-");
  // A name that is still an identifier up to the interpolation may be a local.
  assert.equal(of('locals = { "edit_#{kind}_#{x}_path" => y }'), "any");
  assert.equal(of("locals = { %Q(#{kind}_path) => y }"), "any");
});

test("definedHelperNames: a gem's file that only speaks of a name (mentions) does not define it", () => {
  const of = (text) => {
    const [names, mentions] = [new Set(), new Set()];
    definedHelperNames(text, names, mentions);
    return `defined: ${[...names].sort().join(" ") || "-"}; mentioned: ${[...mentions].sort().join(" ") || "-"}`;
  };
  // avo 3.32.4's SidebarProfileComponent: a name it asks `main_app` for.
  assert.equal(of("def sign_out_path\n  return :session_path if helpers.possibly_rails_authentication?\nend\n"), "defined: sign_out_path; mentioned: session_path");
  // Calls that define (or hand on) the method they are given.
  assert.equal(of('helper_method :login_path\nalias_method :home_url, :root_url\ndelegate :admin_path, to: :main_app\ndefine_method("feed_url") { }\n'), "defined: admin_path feed_url home_url login_path root_url; mentioned: -");
  // A file that defines methods of computed names may define any name it speaks of.
  assert.equal(of("NAMES = [:session_path]\nNAMES.each { |n| define_method(n) { } }\n"), "defined: session_path; mentioned: -");
  // Without `mentions` (the app's own files), every name found is taken as defined, as before.
  const names = new Set();
  definedHelperNames("return :session_path if x\n", names);
  assert.deepEqual([...names], ["session_path"]);
});
