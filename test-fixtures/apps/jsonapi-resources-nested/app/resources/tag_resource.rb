class TagResource < JSONAPI::Resource
end
