# A concern the app's resources include: its included block runs on each class.
module Taggable
  extend ActiveSupport::Concern

  included do
    has_many :tags
    routing_options param: :slug
  end

  class_methods do
    def taggable?
      true
    end
  end

  def tag_names
    []
  end
end
