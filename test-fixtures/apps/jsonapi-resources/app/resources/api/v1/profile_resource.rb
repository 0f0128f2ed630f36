module Api
  module V1
    class ProfileResource < JSONAPI::Resource
      singleton
      has_one :person
    end
  end
end
