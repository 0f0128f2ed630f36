require File.dirname(__FILE__) + "/../settings"

class Settings
  class Var
    NAME = "gamma"
  end
end
