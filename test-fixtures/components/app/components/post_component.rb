class PostComponent < ViewComponent::Base
  attr_reader :cancel_path

  def initialize(post:, cancel_path: nil)
    @post = post
    @cancel_path = cancel_path
  end

  def call
    link_to "Open", post_path(@post)
  end

  def edit_link
    link_to "Edit", edit_postt_path(@post)
  end

  def back_path
    root_path
  end
end
