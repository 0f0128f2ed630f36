# Set here, then replaced by config.i18n.available_locales, which Rails applies after the
# initializers (after_initialize), before the routes load.
I18n.available_locales = [:en, :fr]
I18n.default_locale = "fr"
