# Seed 2129331, file 1615: a proxy of `with_options` passes the merged options as keywords
# (`__send__(method, *arguments, **options)`), so a `def delete(*args, **options)` of the draw
# block gets the Hash the call passed as a value among its keywords.
RouteSpec1 = Struct.new(:name, :path) do
end

Rails.application.routes.draw do
  def delete(*args, **options, &block)
    super(*args, **options, format: false, &block)
  end

  list_2 = []
  with_options(shallow: list_2) do
    delete catch(:found) { throw :found, "/users" }, { to: RouteSpec1.new('skip_xx', 'matrices#feed').path }
  end
end
