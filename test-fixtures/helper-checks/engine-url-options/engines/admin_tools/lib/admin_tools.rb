require "admin_tools/engine"
