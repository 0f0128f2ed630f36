# A view helper named as a route's helper: Rails includes it in views, not in tests' sessions.
module TagsHelper
  def tag_path(tag = nil)
    "/tags/#{tag || "all"}"
  end
end
