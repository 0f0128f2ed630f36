get "elsewhere", to: "e#e"
