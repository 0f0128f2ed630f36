class CrudController < ApplicationController
  def edit; end
end
