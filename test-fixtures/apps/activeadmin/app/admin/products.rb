ActiveAdmin.register Product do
  actions :all, except: [:destroy]
  permit_params :name, :price

  member_action :publish, method: :put do
    resource.update!(published: true)
    redirect_to resource_path, notice: "Published"
  end

  member_action :history do
    render "admin/products/history"
  end

  collection_action :import, method: [:get, :post] do
  end

  batch_action :flag do |ids|
  end

  scope :all, default: true
end
