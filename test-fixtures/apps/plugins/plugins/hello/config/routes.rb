# A plugin's routes, evaluated in the app's draw block.
match "projects/:id/hello", to: "example#say_hello", via: "get"
resources :meetings, only: [:index, :show]
