get "/sydney", to: "events#sydney"
