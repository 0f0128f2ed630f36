class NoteResource < JSONAPI::Resource
  has_one :author
end
