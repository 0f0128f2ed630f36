# `self.class` in the draw block is the mapper's class (parliament.uk-prototype): a constant the
# app set on it by reopening the class is read through it.
class ActionDispatch::Routing::Mapper
  ID_FORMAT = /\w{8}/
end

Rails.application.routes.draw do
  id_format = self.class::ID_FORMAT
  get "people/:person_id", to: "people#show", person_id: id_format
  get "groups/:group_id", to: "groups#show", constraints: { group_id: self.class::ID_FORMAT }
end
