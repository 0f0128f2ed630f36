require "pocket_admin/engine"

# A made-up admin engine, installed as a gem in the app's bundle path.
module PocketAdmin
end
