module Redesign
  # Its subclasses have this layout, whatever layouts/<their path> exist (a class attribute).
  class BaseController < ApplicationController
    layout "redesign"
  end
end
