class FromLibController < ApplicationController
end
