# Ruby 3's keywords (communitiesuk's form questions): a Hash passed positionally to a method that
# takes keywords stays positional; only bare keywords and `**` bind to its keyword parameters.
def pick(s, value_key: nil)
  value_key ? "#{s}_#{value_key}" : s
end

def forward(...)
  pick(...)
end

Rails.application.routes.draw do
  get "q1/#{pick("x")}", to: "q#show"
  get "q2/#{pick({ "a" => 1 }).keys.first}", to: "q#show"
  options = { value_key: "v" }
  get "q3/#{pick(options).keys.first}", to: "q#show"
  get "q4/#{pick("z", **options)}", to: "q#show"
  get "q5/#{forward("y", value_key: "w")}", to: "q#show"
end
