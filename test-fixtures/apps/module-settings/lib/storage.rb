module Storage
  class << self
    attr_accessor :fake_path
  end
end
