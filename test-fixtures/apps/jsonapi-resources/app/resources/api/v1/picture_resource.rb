module Api::V1
  class PictureResource < JSONAPI::Resource
    immutable
    has_one :imageable, polymorphic: true
    has_many :blog_posts, class_name: "Article"
  end
end
