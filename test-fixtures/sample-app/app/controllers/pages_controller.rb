class PagesController < ApplicationController
  def about
  end

  def contact
  end

  def submit_contact
    redirect_to contact_path, notice: "Thanks!"
  end

  def show
  end

  def styleguide
  end
end
