class CactiController < ApplicationController
  def index; end
end
