class FeaturesController < ApplicationController
end
