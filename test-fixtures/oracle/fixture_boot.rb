# frozen_string_literal: true
# What the oracle scripts that boot a fixture app of test-fixtures/ with Debian's Rails share:
# the app copied to a temporary directory (booting writes log/ and tmp/), its config/boot.rb
# emptied (no Bundler: the gems are Debian's), a config.ru for Rails to find its root by, and
# what a boot needs of the environment; and the app's path gems (its own engines) loaded as
# Bundler would load them.
require "fileutils"
require "tmpdir"

# Runs the block in a copy of the app at `app_dir`, given its root (the working directory) and the temporary directory around it.
def in_fixture_copy(app_dir, prefix)
  Dir.mktmpdir(prefix) do |tmp|
    root = File.join(tmp, "app")
    FileUtils.cp_r(app_dir, root)
    File.write(File.join(root, "config", "boot.rb"), "")
    # Rails finds its root from config.ru, else from the working directory.
    File.write(File.join(root, "config.ru"), "") unless File.exist?(File.join(root, "config.ru"))
    Dir.chdir(root)
    ENV["SECRET_KEY_BASE"] = "0" * 64
    ENV["DATABASE_URL"] = "sqlite3::memory:"
    yield root, tmp
  end
end

# The PATH gems of the app's Gemfile.lock: their lib/ on the load path, and required.
def require_path_gems(root)
  File.read(File.join(root, "Gemfile.lock")).scan(/^PATH\n\s+remote: (.+)$/).flatten.each do |path|
    $LOAD_PATH.unshift(File.join(root, path.strip, "lib"))
    require File.basename(path.strip)
  end
end

# The fixture's application initialized as the oracles judge it: no eager loading, no log, and
# no host blocked (as in the test environment, where integration tests run: development allows
# localhost only, and an integration session asks for www.example.com).
def initialize_fixture_app(tmp)
  app = Rails.application
  app.config.eager_load = false
  app.config.logger = Logger.new(nil)
  app.config.paths["log"] = File.join(tmp, "log")
  app.config.hosts.clear
  app.initialize!
  app
end
