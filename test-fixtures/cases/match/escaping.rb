Rails.application.routes.draw do
  get "café", to: "menu#show"
  get "söme/päth", to: "x#y"
  get "100%", to: "x#pct"
  get "a b", to: "x#space"
  get "q?x", to: "x#q"
  get "[x]", to: "x#brackets"
end
