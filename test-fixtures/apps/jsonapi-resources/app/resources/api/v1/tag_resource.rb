class Api::V1::TagResource < JSONAPI::Resource
  key_type :uuid
  immutable
  model_name "Label"
  has_many :articles
end
