Rails.application.routes.draw do
  root :home
end
