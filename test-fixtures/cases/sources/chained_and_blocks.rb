Rails.application.routes.draw do
  %w[one two].each do |n|
    get n,
        to: "n##{n}"
  end
  [:a, :b].each { |r| resources r, only: :index }
  concern :c do
    get "c",
        to: "c#c"
  end
  resources :posts, concerns: :c
  with_options to: "w#w" do |w|
    w.get "w1"
    w.get "w2",
          as: :w_two
  end
end
