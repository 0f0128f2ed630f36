Avo.configure do |config|
  config.root_path = "/admin"
end
