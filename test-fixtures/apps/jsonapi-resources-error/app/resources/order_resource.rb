class OrderResource < JSONAPI::Resource
  has_many :notes
end
