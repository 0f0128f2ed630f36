# Reflection on classes the file defines, where the file decides it (work-requirements'
# `c.respond_to?(:extra_name)` and `private_method_defined?(:form_params, false)` over its
# controllers): a class method defined here answers `respond_to?`; a method defined here has the
# visibility `*_method_defined?` asks or not. An `||` whose right side is true is true whatever
# Ruby's own classes answer on its left.
class Step
  def self.label = "step"
  def edit; end
  private def form_params; end
  protected def guard; end
end
class Intro < Step
end
Rails.application.routes.draw do
  [Step, Intro].each do |c|
    name = c.name.underscore
    get "#{name}/label", to: "steps#label" if c.respond_to?(:label)
    get "#{name}/edit", to: "steps#edit" if c.public_method_defined?(:edit) && c.method_defined?(:guard)
    get "#{name}/form", to: "steps#form" if c.private_method_defined?(:form_params)
    get "#{name}/public-form", to: "steps#form" if c.public_method_defined?(:form_params)
    get "#{name}/protected", to: "steps#guard" if c.protected_method_defined?(:guard) && !c.method_defined?(:form_params)
  end
  put "step", to: "steps#update" if Step.respond_to?(:attributes_edited) || Step.private_method_defined?(:form_params, false)
end
