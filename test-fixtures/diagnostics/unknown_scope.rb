# Block methods of gems Routemap does not model (`tenant_scope`, route_translator's
# `localized`): their blocks are evaluated, but the scope they give is unknown, so a name their
# routes share with others is not said to be taken. A name taken outside them still is.
Rails.application.routes.draw do
  get "activity" => "streams#activity", as: "activity_stream"
  tenant_scope(:acme) do
    get "streams/activity" => "streams#activity", as: "activity_stream"
    get "streams/main" => "streams#multi", as: "stream"
    localized do
      get "streams/tags" => "streams#tags", as: "tags_stream"
    end
  end
  get "main" => "streams#multi", as: "stream"
  get "tags" => "streams#tags", as: "tags_stream"
  get "again" => "streams#again", as: "activity_stream"
  # A controller the unknown method's scope may give; outside it, Rails' error.
  tenant_scope(controller: :pages) do
    get "about"
  end
  get "contact"
end
