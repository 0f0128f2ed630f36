# A concern named from the model's own namespace (osunyorg's `include WithAuthentication` in
# `class User`, app/models/user/with_authentication.rb): Ruby looks it up from the class first,
# so Writer::WithAuthentication, not the top-level module of the same name.
class Writer < ApplicationRecord
  include WithAuthentication
end
