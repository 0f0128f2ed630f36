# A verb the draw block defines that calls `resources`, whose update calls it again: Ruby recurses
# until its stack runs out (SystemStackError). Reported once, where the recursion raised it, and
# the statement that started it stops there: never level after level, each drawing inside the last.
Rails.application.routes.draw do
  def put(*args)
    resources :loops, only: :update
    resources :more, only: :update
  end
  resources :widgets, only: :update
  get "after", to: "a#after"
end
