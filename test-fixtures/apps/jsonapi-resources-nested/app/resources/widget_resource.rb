class WidgetResource < JSONAPI::Resource
  immutable
end
