resources :notes do
  member { post :pin }
end
