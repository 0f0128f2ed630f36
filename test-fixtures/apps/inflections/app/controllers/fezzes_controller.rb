class FezzesController < ApplicationController
end
