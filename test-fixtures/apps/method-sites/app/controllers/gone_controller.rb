class GoneController < ApplicationController
end
