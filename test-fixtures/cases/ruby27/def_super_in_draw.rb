# A `def` in the draw block is a singleton method of the mapper: it comes before the DSL's
# method of the same name, and its `super` reaches the DSL.
Rails.application.routes.draw do
  def redirect(path, options = { prefix: "/gov" })
    super(options[:prefix] + path)
  end

  root to: redirect("/admin/")
  get "old", to: redirect("/new")
end
