ActiveAdmin.register_page "Sales Report" do
  page_action :refresh, method: :post
  page_action :download, method: [:get, :post]

  content do
  end
end
