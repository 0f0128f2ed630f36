# An array and a hash that hold themselves print as Ruby prints them: [[...]] and {...}.
Rails.application.routes.draw do
  a = []
  a << a
  get "/x", to: "a#b", defaults: { x: a }
  h = {}
  h[:x] = h
  get "/y", to: "a#b", defaults: { y: h }
  get "/z", to: "a#b", defaults: { z: [h, a, { k: a }] }
  get "/w", to: "a#b"
end
