module Admin
  class OwnersController < ApplicationController
  end
end
