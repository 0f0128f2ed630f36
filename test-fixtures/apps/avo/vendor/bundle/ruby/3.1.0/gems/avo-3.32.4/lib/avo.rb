# A gem of avo 3.32.4's shape, for the fixture's golden (Debian lacks the gems real Avo needs).
# What mount_avo reads, as Avo has it: Avo.configuration.root_path ("/avo" unless set; "" for
# "/"), Avo.configure yielding it, Avo.plugin_manager (reset on boot, then the :avo_boot hooks,
# where plugins call mount_engine), and the engine's initializer adding mount_avo to the mapper.
module Avo
  class Configuration
    attr_writer :root_path

    def initialize
      @root_path = "/avo"
    end

    def root_path
      @root_path == "/" ? "" : @root_path
    end
  end

  class PluginManager
    attr_reader :engines

    def initialize
      reset
    end

    def reset
      @engines = []
    end

    def mount_engine(klass, **options)
      engines.push(klass: klass, options: options)
    end
  end

  class << self
    def configuration
      @configuration ||= Configuration.new
    end

    def configure
      yield configuration
    end

    def plugin_manager
      @plugin_manager ||= PluginManager.new
    end

    def boot
      plugin_manager.reset
      ActiveSupport.run_load_hooks(:avo_boot, self)
    end
  end
end

require "avo/engine"
