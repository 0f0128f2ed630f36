class Widget
end
