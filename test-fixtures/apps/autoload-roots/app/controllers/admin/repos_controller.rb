module Admin
  class ReposController < ApplicationController
  end
end
