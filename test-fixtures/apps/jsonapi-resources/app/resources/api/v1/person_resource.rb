module Api
  module V1
    class PersonResource < BaseResource
      immutable
      attribute :name
      has_many :articles, foreign_key: "author_id"
    end
  end
end
