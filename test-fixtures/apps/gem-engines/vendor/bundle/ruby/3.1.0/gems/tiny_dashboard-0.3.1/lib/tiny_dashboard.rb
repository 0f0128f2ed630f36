require "tiny_dashboard/web"
