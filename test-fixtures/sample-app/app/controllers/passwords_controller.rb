class PasswordsController < ApplicationController
  def edit
  end

  def update
  end
end
