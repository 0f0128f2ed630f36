require "test_tools/engine"
