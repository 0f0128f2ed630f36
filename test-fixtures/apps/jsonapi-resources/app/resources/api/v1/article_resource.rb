module Api
  module V1
    class ArticleResource < BaseResource
      attributes :title, :body
      has_many :comments
      has_one :author, class_name: "Person"
      relationship :tags, to: :many
      filter :title

      def self.records(options = {})
        super
      end
    end
  end
end
