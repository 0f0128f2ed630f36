# `YAML.load` and `YAML.safe_load` of a text Routemap knows (often `File.read` of an app's file):
# its data, with Psych 4's keywords `aliases:` and `symbolize_names:` read.
DATA = YAML.load("prefix: /app\nnames: [inbox, outbox]\n")
MORE = YAML.safe_load("base: &b\n  path: shared\nother:\n  <<: *b\n", aliases: true, symbolize_names: true)
Rails.application.routes.draw do
  scope DATA["prefix"] do
    DATA["names"].each { |name| get name, to: "mail##{name}" }
  end
  get MORE[:other][:path], to: "pages#shared"
end
