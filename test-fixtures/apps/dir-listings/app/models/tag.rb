class Tag
end
