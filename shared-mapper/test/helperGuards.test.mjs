// Files that draw a route table of their own (app/helperGuards.ts `drawsOwnRoutes`): a test whose
// `setup` redraws `Rails.application.routes` (rubygems.org's webauthn_verifiable_test.rb) calls the
// helpers of that table, not of the app's; such a file's receiver-less helper calls are not said
// to be undefined (server/src/features/helperCalls.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawsOwnRoutes } from "../dist/index.js";

const CASES = [
  ["Rails.application.routes.draw do\n  post :authenticate, as: :test_webauthn_authenticate\nend", true],
  ["with_routing do |set|\n  set.draw { get '/x', to: 'x#y', as: :x }\n  get x_path\nend", true],
  ["routes.draw { resources :posts }", true],
  ["assert_equal posts_path, @response.location", false],
  ["def draw(x) = x\ncanvas.draw(:circle)", false],
  // A request spec's support file adding routes to the app's set (apply-for-qualified-teacher-status).
  ["Rails.application.routes.send(\n  :eval_block,\n  proc { namespace(:test) { resource :session, only: %i[create] } },\n)\npost test_session_path", true],
  ["routes.eval_block(block)", true],
  ["def eval_block(x) = x", false],
];

test("drawsOwnRoutes: a file that draws routes of its own", () => {
  for (const [text, expected] of CASES) assert.equal(drawsOwnRoutes(text), expected, text);
});
