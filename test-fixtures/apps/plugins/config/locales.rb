# Required by config/application.rb: the app's locales, a frozen array of hashes.
AVAILABLE_LOCALES = [{ ident: "en", name: "English" }, { ident: "fr", name: "Français" }].freeze
