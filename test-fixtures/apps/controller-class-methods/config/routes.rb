# Routes built from controller classes (codeforamerica/vita-min): their paths and names, and the
# actions they define (`method_defined?`: public or protected, inherited too; not private).
Rails.application.routes.draw do
  c = Questions::EligibilityWagesController
  get "/#{c.controller_name.dasherize}", controller: c.controller_path, action: :edit
  %i[update edit shared secret summary].each do |action|
    put "/#{c.controller_path}/#{action}", controller: c.controller_path, action: action if c.method_defined?(action)
    get "/#{c.controller_path}/public/#{action}", controller: c.controller_path, action: action if c.public_method_defined?(action)
  end
end
