module Shop
  class OrderResource < JSONAPI::Resource
    has_many :line_items
    has_one :customer
  end
end
