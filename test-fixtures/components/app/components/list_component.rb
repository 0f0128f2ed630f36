class ListComponent < ViewComponent::Base
  def back_path
    helpers.root_path
  end
end
