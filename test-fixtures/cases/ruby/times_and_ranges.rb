Rails.application.routes.draw do
  (1..3).each { |i| get "v#{i}/ping", to: "ping#v#{i}" }
  2.times { |i| get "t#{i}", to: "t#show" }
end
