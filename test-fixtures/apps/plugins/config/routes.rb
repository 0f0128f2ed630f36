Rails.application.routes.draw do
  scope "(:locale)", locale: Regexp.new(AVAILABLE_LOCALES.map { |l| l[:ident] }.join("|")) do
    get "home", to: "pages#home"
  end
  scope Portal.router_prefix do
    get "dashboard", to: "dashboard#show"
  end
  Dir.glob File.expand_path("#{Portal::Plugins.directory}/*") do |plugin_dir|
    file = File.join(plugin_dir, "config/routes.rb")
    if File.exist?(file)
      begin
        instance_eval File.read(file)
      rescue SyntaxError, StandardError => e
        puts "An error occurred while loading the routes of #{File.basename(plugin_dir)}: #{e.message}"
      end
    end
  end
  Portal::Plugins.routes_files.each { |f| get "loaded/#{File.basename(File.dirname(File.dirname(f)))}", to: "plugins#show" }
end
