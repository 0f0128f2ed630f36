# Devise's base module, which draws no route (rdv-service-public's SuperAdmin).
class SuperAdmin < ApplicationRecord
  devise :authenticatable
end
