class Location
end
