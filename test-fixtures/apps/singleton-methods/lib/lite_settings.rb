class LiteSettings < ModeSettings
  def self.mode = "lite"
end
