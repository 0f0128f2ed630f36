# Conditions Routemap cannot decide (no environment given): both branches are followed, what
# each draws is marked with its condition, and two routes that cannot both be drawn never collide.
Rails.application.routes.draw do
  if ENV["M"] == "true"
    get "thing", to: "a#one", as: :thing
  end
  unless ENV["M"] == "true"
    get "thing2", to: "a#two", as: :thing
  end
  get "beta", to: "a#beta", as: :beta if ENV["BETA"]
  get "beta_again", to: "a#beta2", as: :beta
  mode = ENV["MODE"] == "full" ? "full" : "lite"
  get "mode/#{mode}", to: "a#mode"
  # A value a condition Routemap cannot decide gives a call's argument (PasswordPusher's
  # `only:`): the call runs in each world, with that world's value, as if written in both branches.
  resources :posts, only: (ENV["EDIT"] ? %i[index edit] : %i[index]) do
    get :preview, on: :member
  end
  # Changed after it was made, the value's worlds are not followed: the call is skipped and said.
  actions = ENV["NOTES"] ? %i[index] : %i[show]
  actions << :edit
  resources :notes, only: actions
  base = ENV["PREFIX"] ? "admin" : "admin"
  get base, to: "a#same"
  parts = [1, ENV["SEGMENT"]].map { |p| p.to_s }.join("-")
  get "parts/#{parts}", to: "a#parts"
  list = [:a]
  list << :b if ENV["MORE"]
  list.each { |name| get name.to_s, to: "a#list" }
  def section(name)
    return unless ENV["SECTIONS"]
    get "sections/#{name}", to: "sections#show"
  end
  section("intro")
  case ENV["TIER"]
  when "pro" then get "pro", to: "a#pro"
  when "free" then get "free", to: "a#free"
  else get "trial", to: "a#trial"
  end
  if Rails.env.production?
    get "prod_only", to: "a#prod"
  end
  # An exception raised only where an undecided condition holds: an info, not an error nor a
  # warning (Rails raises it only there); said once however many other conditions it is met under.
  [1, 2].each do |n|
    raise "No setting for feature #{n}" if ENV["FEATURE_SETTING"].nil? && ENV["SECTIONS"]
  end
  get "after_raise", to: "a#after"
  # Undecided on the left, but decided as a whole by the right side: nothing to say of the left.
  get "specs", to: "a#specs" if defined?(JasmineRails) && Rails.env.test?
  # Undecided as a whole: said at the left side.
  get "pghero", to: "a#pghero" if defined?(PgHero) && ENV["PGHERO"]
end
