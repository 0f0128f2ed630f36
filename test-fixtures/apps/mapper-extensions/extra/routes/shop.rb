get "products/featured", to: "products#featured"
