get "looping", to: "loop#show"
draw :loop
