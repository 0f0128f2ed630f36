module Api
  module V1
    # Abstract: its relationships are copied into each subclass (`inherited`), its `immutable` is not.
    class BaseResource < JSONAPI::Resource
      abstract
      immutable
      has_one :creator, class_name: "Person"
    end
  end
end
