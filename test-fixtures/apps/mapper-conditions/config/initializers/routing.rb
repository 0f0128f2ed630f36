# Changes to Rails' mapper made only where a condition holds (issue 27 §3): Rails makes each as the
# app boots where its condition goes its way, and only then; Routemap decides each condition as Rails
# would (the environment, a variable the oracle leaves unset) and makes only those changes.
if Rails.env.production?
  ActionDispatch::Routing::Mapper.include(LiveRoutes)
else
  ActionDispatch::Routing::Mapper.include(PreviewRoutes)
end
ActionDispatch::Routing::Mapper.include(BetaRoutes) if ENV["ROUTEMAP_FIXTURE_BETA"] == "on"
ENV["ROUTEMAP_FIXTURE_TOOLS"] && ActionDispatch::Routing::Mapper.prepend(ToolRoutes)
unless ENV["ROUTEMAP_FIXTURE_TOOLS"].nil?
  ActionDispatch::Routing::Mapper.include(MoreToolRoutes)
end
