module Kit
  # A request constraint a gem ships: the app's routes use it, Routemap does not read its class.
  class SignedIn
    def matches?(_request)
      true
    end
  end
end
