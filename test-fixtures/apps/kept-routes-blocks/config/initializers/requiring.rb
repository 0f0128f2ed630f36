# A statement that requires and keeps a routes block: read early for the mapper's changes it may
# require, it keeps its block once, when the file runs as Rails runs it.
Rails.application.config.after_initialize do |app|
  require "json"
  app.routes.append { get "after_require", to: "pages#after_require" }
end
