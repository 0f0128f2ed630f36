class NowhereController < ApplicationController
end
