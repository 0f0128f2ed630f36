require_relative "widget_api/engine"
