Rails.application.routes.draw do
  draw :outer
end
