class OrderNoteResource < JSONAPI::Resource
end
