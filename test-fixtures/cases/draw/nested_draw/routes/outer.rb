scope "outer" do
  draw :inner
  get "o", to: "o#o"
end
