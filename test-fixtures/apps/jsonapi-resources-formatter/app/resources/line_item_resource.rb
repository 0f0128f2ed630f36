class LineItemResource < JSONAPI::Resource
  immutable
  has_many :price_tags
  has_one :order_note
end
