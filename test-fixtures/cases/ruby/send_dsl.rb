Rails.application.routes.draw do
  send(:resources, :posts, only: :index)
  public_send(:get, "x", to: "x#y")
  self.get "y", to: "y#z"
end
