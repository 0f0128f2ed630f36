module Admin
  class ReviewerResource < JSONAPI::Resource
  end
end
