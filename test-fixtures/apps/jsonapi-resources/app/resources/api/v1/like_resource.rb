class Api::V1::LikeResource < JSONAPI::Resource
  immutable
end
