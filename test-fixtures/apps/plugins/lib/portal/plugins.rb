module Portal
  # Where plugins live, as Redmine's plugin loader keeps it.
  class Plugins
    cattr_accessor :directory
    self.directory = Rails.root.join("plugins")

    def self.routes_files
      Dir.glob(File.join(directory.to_s, "*", "config", "routes.rb")).sort
    end
  end
end
