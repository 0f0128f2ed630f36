module Api
  module V1
    class CommentResource < JSONAPI::Resource
      attribute :body
      has_one :article
      has_many :likes
    end
  end
end
