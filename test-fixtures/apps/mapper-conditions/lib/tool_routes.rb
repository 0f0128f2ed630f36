module ToolRoutes
  def root(*args)
    get "tools", to: "tools#index"
  end
end
