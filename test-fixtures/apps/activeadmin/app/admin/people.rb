ActiveAdmin.register Person, namespace: false do
  actions :index
  collection_action :export, method: :get
end

ActiveAdmin.register_page "Dashboard", namespace: false do
  content do
  end
end
