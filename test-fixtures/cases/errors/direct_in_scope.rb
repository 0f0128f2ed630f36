Rails.application.routes.draw do
  scope "x" do
    direct(:thing) { "http://x" }
  end
end
