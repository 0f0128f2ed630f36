# With the acronym "URLs", Rails names this class's path short_urls (English alone: short_ur_ls).
class ShortURLsController < ApplicationController
  def index; end
end
