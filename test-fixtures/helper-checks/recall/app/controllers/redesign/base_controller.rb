module Redesign
  class BaseController < ApplicationController
  end
end
