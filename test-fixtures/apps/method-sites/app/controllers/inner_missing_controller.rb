class InnerMissingController < ApplicationController
end
