# `$~`, `$1` and the locals a regexp literal's named groups write, as routes files take names
# apart; a method has its own `$~`, and a block shares its home frame's.
def version_of(name)
  name[/v(\d+)/]
  $1
end

Rails.application.routes.draw do
  %w[admin/users api/v1/posts].each do |path|
    if path =~ %r{\A(\w+)/(.+)\z}
      namespace $1 do
        get $2, to: "pages#show", as: $2.tr("/", "_")
      end
    end
  end
  if /(?<section>\w+)-(?<page>\w+)/ =~ "help-faq"
    get "#{section}/#{page}", to: "#{section}##{page}"
  end
  "status" =~ /(tat)/
  get "v#{version_of("api-v3")}/#{$1}", to: "status#show"
  get "pages/:name", to: "pages#show", as: "x#{$~ && $~[0]}".sub(/(x)/) { "#{$1}y" }
end
