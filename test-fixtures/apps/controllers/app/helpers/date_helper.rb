module DateHelper
  def export; end
end
