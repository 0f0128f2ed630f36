Rails.application.routes.draw do
  use_relay
  scope "v2", as: "v2" do
    use_relay(scope: "r") { skip :outbox }
  end
end
