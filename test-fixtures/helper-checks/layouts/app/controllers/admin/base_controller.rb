module Admin
  class BaseController < ApplicationController
  end
end
