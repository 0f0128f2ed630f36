ActiveAdmin.register Customer do
  config.sort_order = "name_asc"
end
