# A request constraint of the app's (publisher's `NewDesignSystemConstraint`): Rails calls it on
# each request to the routes it guards; URL generation never does.
class EditorConstraint
  def matches?(request)
    request.path.start_with?("/")
  end
end
