Rails.application.routes.draw do
  devise_for :users
  # Admin is omniauthable: its callbacks cannot sit under a dynamic segment.
  scope ":account_id" do
    devise_for :admins
  end
end
