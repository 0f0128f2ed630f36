module Shop
  class CustomerResource < JSONAPI::Resource
    immutable false
    has_many :orders
  end
end
