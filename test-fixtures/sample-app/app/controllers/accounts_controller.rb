class AccountsController < ApplicationController
  def preferences
  end

  def new
  end

  def edit
  end

  def show
  end

  def update
  end

  def destroy
  end

  def create
  end
end
