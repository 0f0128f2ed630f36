class PriceTagResource < JSONAPI::Resource
end
