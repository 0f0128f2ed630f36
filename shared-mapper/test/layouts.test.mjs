// Layouts (src/app/layouts.ts, ControllerModel.layoutsOf): the layout each controller takes as
// actionview picks it, what a file's text says of layouts, and which layout files no request of
// the environment renders. The whole against Rails: test-fixtures/helper-checks/layouts
// (server/test/helperContexts.test.mjs). Fixtures in `//- path` sections, as controllers.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { layoutFacts, unreachedLayoutFiles } from "../dist/index.js";
import { mapper, parseFixture } from "./helpers.mjs";


/** Each controller's layouts, one line per controller: `path: layouts/a layouts/b`, `path: (none)` or `path: unknown (why)`. */
async function checkLayouts(fixture, expected) {
  const model = (await mapper()).controllers(parseFixture(fixture));
  const lines = [...model.byPath.keys()].sort().map((path) => {
    const found = model.layoutsOf(path);
    return `${path}: ${"unknown" in found ? `unknown (${found.unknown})` : found.layouts.join(" ") || "(none)"}${found.open ? ` | open (${found.open})` : ""}`;
  });
  assert.deepEqual(lines, expected.trim().split("\n").map((l) => l.trim()));
}

const BASE = `
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
end
//- app/views/layouts/application.html.erb
//- app/views/layouts/admin.html.erb
//- app/views/layouts/admin/reports.html.erb
`;

test("a declared layout is inherited and wins over a subclass's own by name; undeclared, the first layouts/<path> up the superclasses", () =>
  checkLayouts(
    BASE +
      `
//- app/controllers/admin/base_controller.rb
module Admin
  class BaseController < ApplicationController
    layout "admin"
  end
end
//- app/controllers/admin/reports_controller.rb
module Admin
  class ReportsController < BaseController
  end
end
//- app/controllers/posts_controller.rb
class PostsController < ApplicationController
end
//- app/controllers/api_controller.rb
class ApiController < ActionController::Base
end
`,
    `
admin/base: layouts/admin
admin/reports: layouts/admin
api: (none)
application: layouts/application
posts: layouts/application
`,
  ));

test("layout false, nil, a name with layouts/, conditions, a method's name, a concern's included block, a gem's superclass", () =>
  checkLayouts(
    BASE +
      `
//- app/controllers/bare_controller.rb
class BareController < ApplicationController
  layout false
end
//- app/controllers/default_controller.rb
class DefaultController < ApplicationController
  layout nil
end
//- app/controllers/full_controller.rb
class FullController < ApplicationController
  layout "layouts/admin"
end
//- app/controllers/some_controller.rb
class SomeController < ApplicationController
  layout "admin", only: :show
end
//- app/controllers/chosen_controller.rb
class ChosenController < ApplicationController
  layout :pick
end
//- app/controllers/concerns/admin_layout.rb
module AdminLayout
  extend ActiveSupport::Concern
  included do
    layout "admin"
  end
end
//- app/controllers/mixed_controller.rb
class MixedController < ApplicationController
  include AdminLayout
end
//- app/controllers/gem_controller.rb
class GemController < Devise::SessionsController
end
`,
    `
application: layouts/application
bare: (none)
chosen: unknown (ChosenController's \`layout\` is chosen as it runs)
default: layouts/application
full: layouts/admin
gem: layouts/devise/sessions | open (GemController inherits from Devise::SessionsController, which Routemap does not read)
mixed: layouts/admin
some: layouts/admin layouts/application
`,
  ));

test("a file's layout facts: names, references under layouts/, and what cannot be read", () => {
  const facts = (text, appController = false) => layoutFacts(text, { appController });
  assert.equal(facts('<div class="layout">x</div>'), undefined);
  assert.equal(facts('class X < ApplicationController\n  layout "marketing"\nend\n', true), undefined);
  assert.deepEqual(facts('class UserMailer < ApplicationMailer\n  layout "mailer"\nend\n'), { names: ["layouts/mailer"], refs: [] });
  assert.deepEqual(facts('config.to_prepare { Devise::SessionsController.layout "devise" }\n'), { names: ["layouts/devise"], refs: [] });
  assert.deepEqual(facts('render :show, layout: "print"\nrender layout: false\n', true), { names: ["layouts/print"], refs: [] });
  assert.deepEqual(facts('<%= render "layouts/redesign/header" %>'), { names: [], refs: ["layouts/redesign/header"] });
  assert.deepEqual(facts("render :show, layout: current_theme\n", true), { names: [], refs: [], dynamic: true });
  assert.deepEqual(facts('<%= render "layouts/#{theme}/nav" %>'), { names: [], refs: [], dynamic: true });
  assert.deepEqual(facts('render template: "layouts/" + theme'), { names: [], refs: [], dynamic: true });
  // A block that reads a constant's setting (a gem's controller, HighVoltage's shape): kept to be computed with the routes.
  assert.deepEqual(facts("class PagesController < ApplicationController\n  layout ->(_) { Lantern.layout }\nend\n"), { names: [], refs: [], expressions: ["Lantern.layout"] });
  assert.deepEqual(facts("  layout(-> { Lantern.config.layout })\n  layout proc { ::Lantern.layout }\n"), { names: [], refs: [], expressions: ["Lantern.config.layout", "::Lantern.layout"] });
  // One that reads anything else is a layout it cannot read.
  assert.deepEqual(facts("  layout ->(c) { c.theme }\n"), { names: [], refs: [], dynamic: true });
  // A setting's assignment renders nothing.
  assert.equal(facts("    def set_defaults\n      self.layout = 'application'\n      layout = pick\n    end\n"), undefined);
});

test("layout files no request renders: an unreached controller's layout and what only it renders; never a layout or partial something else names", async () => {
  const model = (await mapper()).controllers(
    parseFixture(
      BASE +
        `
//- app/controllers/redesign/home_controller.rb
module Redesign
  class HomeController < ApplicationController
    layout "redesign"
  end
end
//- app/controllers/posts_controller.rb
class PostsController < ApplicationController
end
//- app/views/layouts/redesign.html.erb
`,
    ),
  );
  const files = ["layouts/application", "layouts/redesign", "layouts/redesign/_header", "layouts/redesign/_footer", "layouts/shared/_nav", "layouts/gem"].map((k) => [`/app/app/views/${k}.html.erb`, k]);
  const byFile = new Map([
    ["/app/app/views/layouts/redesign.html.erb", { names: [], refs: ["layouts/redesign/header", "layouts/redesign/footer", "layouts/shared/nav"] }],
    ["/app/app/views/layouts/application.html.erb", { names: [], refs: ["layouts/shared/nav"] }],
    ["/app/app/views/posts/index.html.erb", { names: [], refs: ["layouts/redesign/footer"] }],
  ]);
  const reached = (c) => c !== "redesign/home";
  const unreached = (facts) => [...unreachedLayoutFiles({ model, reached, facts, layoutFiles: files })].sort();
  assert.deepEqual(unreached(byFile), ["/app/app/views/layouts/redesign.html.erb", "/app/app/views/layouts/redesign/_header.html.erb"]);
  // Any file naming a layout Routemap cannot read: every layout may be rendered.
  assert.deepEqual(unreached(new Map([...byFile, ["/app/lib/x.rb", { names: [], refs: [], dynamic: true }]])), []);
  // A mailer or another file rendering it by name: rendered.
  assert.deepEqual(unreached(new Map([...byFile, ["/app/app/mailers/m.rb", { names: ["layouts/redesign"], refs: [] }]])), []);
});

test("a reached controller whose ancestry is a gem's: the layouts the gems' code names count too; unread gems, or one naming a layout it cannot read, leave every layout rendered", async () => {
  const model = (await mapper()).controllers(
    parseFixture(
      BASE +
        `
//- app/controllers/sessions_controller.rb
class SessionsController < Clearance::SessionsController
end
//- app/controllers/redesign/home_controller.rb
module Redesign
  class HomeController < ApplicationController
    layout "redesign"
  end
end
//- app/views/layouts/redesign.html.erb
`,
    ),
  );
  const layoutFiles = [["/app/app/views/layouts/redesign.html.erb", "layouts/redesign"]];
  const unreached = (gemLayouts) => [...unreachedLayoutFiles({ model, reached: (c) => c !== "redesign/home", facts: new Map(), layoutFiles, gemLayouts })];
  assert.deepEqual(unreached({ names: ["layouts/clearance"] }), ["/app/app/views/layouts/redesign.html.erb"]);
  assert.deepEqual(unreached({ names: ["layouts/redesign"] }), []);
  assert.deepEqual(unreached({ names: [], dynamic: true }), []);
  assert.deepEqual(unreached(undefined), []);
  // A gem's layout setting, computed where the routes are: the layout it names; not computed, any layout.
  const computed = (gemLayouts, nameOf) => [...unreachedLayoutFiles({ model, reached: (c) => c !== "redesign/home", facts: new Map(), layoutFiles, gemLayouts, nameOf })];
  assert.deepEqual(computed({ names: [], expressions: ["Lantern.layout"] }, (e) => (e === "Lantern.layout" ? "application" : undefined)), ["/app/app/views/layouts/redesign.html.erb"]);
  assert.deepEqual(computed({ names: [], expressions: ["Lantern.layout"] }, (e) => (e === "Lantern.layout" ? "redesign" : undefined)), []);
  assert.deepEqual(computed({ names: [], expressions: ["Lantern.layout"] }, () => undefined), []);
  assert.deepEqual(computed({ names: [], expressions: ["Lantern.layout"] }, undefined), []);
  // An app file's setting too (a mailer's `layout -> { … }`).
  const byFile = new Map([["/app/app/mailers/m.rb", { names: [], refs: [], expressions: ["Lantern.layout"] }]]);
  const appFile = (nameOf) => [...unreachedLayoutFiles({ model, reached: (c) => c !== "redesign/home", facts: byFile, layoutFiles, gemLayouts: { names: [] }, nameOf })];
  assert.deepEqual(appFile(() => "application"), ["/app/app/views/layouts/redesign.html.erb"]);
  assert.deepEqual(appFile(() => "redesign"), []);
  assert.deepEqual(appFile(() => undefined), []);
});
