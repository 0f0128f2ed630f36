// The whole-app benchmark's app (scripts/bench-app.mjs): per controller, a resource with a member
// route, a controller with a callback, a model, a helper, four templates, two lib files and two specs.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Writes the app under `root`: `controllers` controllers, 4 views and 6 other Ruby files each,
 * about 6 routes each. `large`: issue 30's app instead, 3 views and 4 routes a controller
 * (5,000 controllers: 15,000 views and 20,001 routes).
 */
export function generateApp(root, CONTROLLERS, { large = false } = {}) {
  const put = (path, text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  const AREAS = 10;
  const camel = (s) => s.replace(/(?:^|_)([a-z0-9])/g, (_m, c) => c.toUpperCase());
  put("Gemfile.lock", "GEM\n  remote: https://rubygems.org/\n  specs:\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n");
  put("config/application.rb", 'require "rails"\nrequire "action_controller/railtie"\nmodule Bench\n  class Application < Rails::Application\n  end\nend\n');
  put("app/controllers/application_controller.rb", "class ApplicationController < ActionController::Base\nend\n");
  put("app/models/application_record.rb", "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n");
  const main = ["Rails.application.routes.draw do", '  root "thing0s#index"'];
  for (let a = 0; a < AREAS; a++) {
    main.push(`  draw :area${a}`);
    const lines = [];
    const only = large ? "index show create" : "index show create update";
    for (let c = a; c < CONTROLLERS; c += AREAS) lines.push(`resources :thing${c}s, only: %i[${only}] do`, "  post :publish, on: :member", "end");
    put(`config/routes/area${a}.rb`, lines.join("\n") + "\n");
  }
  main.push("end", "");
  put("config/routes.rb", main.join("\n"));
  for (let c = 0; c < CONTROLLERS; c++) {
    const [plural, singular, model] = [`thing${c}s`, `thing${c}`, `Thing${c}`];
    put(
      `app/controllers/${plural}_controller.rb`,
      `class ${camel(plural)}Controller < ApplicationController
    before_action :set_${singular}, only: %i[show update publish]

    def index
      @${plural} = ${model}.all
    end

    def show
    end

    def create
      @${singular} = ${model}.new(${singular}_params)
      if @${singular}.save
        redirect_to @${singular}, notice: "Created"
      else
        render :index
      end
    end

    def update
      redirect_to ${singular}_url(@${singular})
    end

    def publish
      redirect_to action: :show, id: @${singular}.id
    end

    private

    def set_${singular}
      @${singular} = ${model}.find(params[:id])
    end

    def ${singular}_params
      params.require(:${singular}).permit(:name)
    end
  end
  `,
    );
    put(`app/models/${singular}.rb`, `class ${model} < ApplicationRecord\n  validates :name, presence: true\nend\n`);
    put(`app/helpers/${plural}_helper.rb`, `module ${camel(plural)}Helper\n  def ${singular}_link(record)\n    link_to record.name, ${singular}_path(record)\n  end\nend\n`);
    put(`app/views/${plural}/index.html.erb`, `<h1>${model}</h1>\n<% @${plural}.each do |${singular}| %>\n  <%= link_to ${singular}.name, ${singular}_path(${singular}) %>\n  <%= button_to "Publish", publish_${singular}_path(${singular}) %>\n<% end %>\n<%= link_to "Home", root_path %>\n`);
    put(`app/views/${plural}/show.html.erb`, `<%= render "form", ${singular}: @${singular} %>\n<%= link_to "All", ${plural}_path %> <%= link_to "Up", url_for(controller: "${plural}", action: "index") %>\n`);
    put(`app/views/${plural}/_form.html.erb`, `<%= form_with model: ${singular} do |f| %>\n  <%= f.text_field :name %>\n<% end %>\n`);
    if (!large) put(`app/views/${plural}/_row.html.erb`, `<tr><td><%= link_to ${singular}.name, ${singular}_url(${singular}) %></td></tr>\n`);
    put(`lib/things/${singular}_import.rb`, `module Things\n  class ${model}Import\n    def call(rows)\n      rows.map { |row| ${model}.new(row) }\n    end\n  end\nend\n`);
    put(`lib/things/${singular}_export.rb`, `module Things\n  class ${model}Export\n    def call\n      ${model}.all.map(&:attributes)\n    end\n  end\nend\n`);
    put(`spec/requests/${plural}_spec.rb`, `RSpec.describe "${model}" do\n  it "lists" do\n    get ${plural}_path\n    expect(response).to have_http_status(:ok)\n  end\nend\n`);
    put(`spec/models/${singular}_spec.rb`, `RSpec.describe ${model} do\n  it { is_expected.to validate_presence_of(:name) }\nend\n`);
  }
}
