class Shop::CouponResource < JSONAPI::Resource
end
