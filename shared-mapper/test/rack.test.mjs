// Rack::Utils::HTTP_STATUS_CODES per the locked Rack (core/rack.ts, core/rackStatusCodes.ts).
// The tables themselves are checked by the fixture apps rack-status-codes (Rack 2.2, live
// Rails) and rack-3 (Rack 3.2, reviewed against Rack's source); here: which table a lockfile
// chooses, and that a release Routemap holds no table for leaves the routes unknown, said so.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper } from "./helpers.mjs";

const ROUTES = `Rails.application.routes.draw do
  Rack::Utils::HTTP_STATUS_CODES.keys.select { |c| c >= 500 }.each { |c| get "/#{c}", to: "errors#show" }
end
`;

async function check(rack) {
  const m = await mapper();
  const gems = { actionpack: "8.1.1", ...(rack ? { rack } : {}) };
  const result = m.map({ entry: "/app/config/routes.rb", files: new Map([["/app/config/routes.rb", ROUTES]]), options: { railsVersion: "8.1", rubyVersion: "3.4", gems } });
  return { paths: result.routes.map((r) => r.path.replace("(.:format)", "")).join(" "), infos: result.diagnostics.map((d) => d.message) };
}

const RACK_2 = "/500 /501 /502 /503 /504 /505 /506 /507 /508 /509 /510 /511";
const RACK_3_1 = "/500 /501 /502 /503 /504 /505 /506 /507 /508 /511";

test("the table of the locked release", async () => {
  assert.equal((await check("2.2.22")).paths, RACK_2);
  assert.equal((await check("2.1.4")).paths, RACK_2);
  assert.equal((await check("3.0.18")).paths, RACK_2);
  assert.equal((await check("3.1.0")).paths, RACK_3_1);
  assert.equal((await check("3.2.6")).paths, RACK_3_1);
  assert.equal((await check("2.0.9")).paths, "/500 /501 /502 /503 /504 /505 /506 /507 /508 /510 /511");
});

test("a release without a table here, a prerelease, or no lockfile: unknown, and said", async () => {
  for (const rack of ["3.3.0", "3.2.99", "3.0.0.beta1", undefined]) {
    const { paths, infos } = await check(rack);
    assert.equal(paths, "", String(rack));
    assert.ok(infos.some((m) => /Rack::Utils::HTTP_STATUS_CODES/.test(m) && /Rack/.test(m)), `${rack}: ${infos.join("\n")}`);
  }
});
