get "known", to: "k#k"
