Rails.application.routes.draw do
  match :x => "y#z", via: :get
end
