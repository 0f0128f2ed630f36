module Glossary
  class Engine < ::Rails::Engine
  end
end
