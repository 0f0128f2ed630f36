class Draft < ApplicationRecord
end
