# Every mailer's URLs get the account, an engine's too (foodsoft's lib/foodsoft_config.rb sets its
# `:foodcoop` so): `ActionMailer::Base.default_url_options` is a class attribute they inherit.
ActionMailer::Base.default_url_options[:account] = "acme"
