module Kit
  # A request constraint a gem ships: the app's routes use it, Routemap reads it from here.
  class SignedIn
    def matches?(_request)
      true
    end
  end
end
