# "totp" is uncountable, so resource :totp routes to totp#show, served by TotpController.
class TotpController < ApplicationController
  def show; end
end
