module Shop
  class LineItemResource < JSONAPI::Resource
    key_type :integer
    has_one :order
    has_many :discount_codes, class_name: "Coupon"
  end
end
