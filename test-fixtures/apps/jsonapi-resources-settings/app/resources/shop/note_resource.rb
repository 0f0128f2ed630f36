module Shop
  class NoteResource < JSONAPI::Resource
    immutable
    has_one :customer
  end
end
