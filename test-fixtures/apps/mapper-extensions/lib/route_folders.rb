# `draw` that reads two folders, extra/routes/ first, and fails only when neither has the file.
module RouteFolders
  Missing = Class.new(StandardError)

  def draw(name)
    found = %w[extra/routes config/routes].map { |dir| Rails.root.join(dir, "#{name}.rb") }.select { |path| File.exist?(path) }
    raise Missing, "no routes file named #{name}" if found.empty?

    found.each { |path| instance_eval(File.read(path), path.to_s) }
  end

  # Rails' own `root`, with a route before it.
  def root(*args)
    get "up", to: "health#up", as: :up
    super
  end
end
