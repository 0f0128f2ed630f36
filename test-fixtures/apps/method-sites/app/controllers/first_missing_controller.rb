class FirstMissingController < ApplicationController
end
