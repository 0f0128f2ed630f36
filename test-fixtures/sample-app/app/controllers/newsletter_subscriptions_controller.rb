class NewsletterSubscriptionsController < ApplicationController
  def destroy
  end

  def create
  end
end
