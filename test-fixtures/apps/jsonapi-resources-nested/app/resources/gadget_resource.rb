class GadgetResource < JSONAPI::Resource
  include Auditing, Taggable
  immutable
end
