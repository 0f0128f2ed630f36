# root "c#a" stores the action in the Hash it is given (`options[:to] = path`): a Hash used
# again carries it, and a frozen one raises.
HOME = { as: :home }

Rails.application.routes.draw do
  root "pages#home", HOME
  get "seen", to: "pages#seen", defaults: { left: HOME.inspect }
  scope "admin" do
    root "admin#home", { as: :admin_home }.freeze
  end
end
