get "/more", to: "events#more"
