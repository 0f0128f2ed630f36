require "avo/feed/engine"
