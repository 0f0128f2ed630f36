class Note
end
