# `loop` rescues StopIteration raised in its body and ends; another error ends the file at the
# statement that raised it.
Rails.application.routes.draw do
  i = 0
  loop do
    i += 1
    raise StopIteration if i > 2
    get "page#{i}", to: "pages#show"
  end
  loop do
    get "about", path: "x"
  end
end
