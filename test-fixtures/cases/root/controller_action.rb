Rails.application.routes.draw do
  root controller: :welcome, action: :index
end
