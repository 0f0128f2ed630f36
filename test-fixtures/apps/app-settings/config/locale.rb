# Required by config/application.rb before the app's class: its values are there at boot.
module Locale
  def self.available_locales = %w[en fr de]
end
