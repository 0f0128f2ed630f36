# A block with a `return` in a statement that requires nothing: its `after_initialize` block is
# kept once, as Ruby runs the file once.
require "status_routes"

Rails.application.configure do
  config.after_initialize do |app|
    app.routes.append { get "extra", to: "pages#extra" }
  end
  return if config.x.telemetry
end
