# `class Editorial::Cons` inside `module Editorial` defines Editorial::Cons: the path's scope is
# looked up as Ruby looks it up (lexically, then at the top), not taken as the innermost module's.
# A scope that names a module of its own (`Admin::Tools`) nests under it.
module Editorial
  class Editorial::Cons
    PATH = "ed"
    def self.matches?(request) = true
  end
end

module Admin
  module Tools; end
  class Tools::Panel
    PATH = "panel"
  end
end

Rails.application.routes.draw do
  get Editorial::Cons::PATH, to: "a#b", constraints: Editorial::Cons
  get Admin::Tools::Panel::PATH, to: "a#c"
end
