require "avo/feed"
