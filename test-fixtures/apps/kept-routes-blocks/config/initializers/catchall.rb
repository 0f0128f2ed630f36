# Kept before config/application.rb's after_initialize blocks run.
Rails.application.routes.append do
  get "legacy/:id", to: "legacy#show", as: :legacy
end
Rails.application.routes.prepend do
  get "status", to: "status#show"
end
# Only when called: nothing is kept.
def draw_extra
  Rails.application.routes.append { get "never", to: "never#show" }
end
