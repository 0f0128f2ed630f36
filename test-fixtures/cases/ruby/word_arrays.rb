Rails.application.routes.draw do
  resources(*%i[posts comments], only: :index)
  %w[a b].each_with_index { |l, i| get "#{l}#{i}", to: "letters#show" }
end
