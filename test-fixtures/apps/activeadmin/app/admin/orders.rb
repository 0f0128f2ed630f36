ActiveAdmin.register Order do
  belongs_to :customer, optional: true
  config.batch_actions = false

  member_action :refund, method: :post do
  end
end

ActiveAdmin.register Order, namespace: :partners do
  actions :index, :show
end
