class BigfoosThingsController < ApplicationController
end
