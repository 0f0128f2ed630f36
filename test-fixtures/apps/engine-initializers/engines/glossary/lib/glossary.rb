require "glossary/engine"
