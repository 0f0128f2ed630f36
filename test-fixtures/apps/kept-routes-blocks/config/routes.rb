Rails.application.routes.draw do
  root "pages#home"
  get "ping", to: "ping#index"
end
Rails.application.routes.append do
  get "last", to: "pages#last"
end
# A routes file's prepend comes after `clear!` drew the kept ones.
Rails.application.routes.prepend do
  get "file_prepend", to: "pages#file_prepend"
end
