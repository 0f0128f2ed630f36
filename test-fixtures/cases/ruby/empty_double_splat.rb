# `**{}` passes nothing (Ruby 2.7 on): a Hash before it stays positional, and a method that
# takes no keywords is not given an extra argument.
Rails.application.routes.draw do
  def one(name)
    get name, to: "pages##{name}"
  end
  def last_of(*args)
    args.last.is_a?(Hash) ? args.last[:path] : "none"
  end
  none = {}
  one("about", **none)
  get last_of({ path: "kept" }, **none), to: "pages#kept"
  get last_of(*["a", { path: "splatted" }], **{}), to: "pages#splatted"
end
