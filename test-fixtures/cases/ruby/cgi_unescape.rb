# Paths written escaped and unescaped with CGI (PasswordPusher's legacy locale routes).
Rails.application.routes.draw do
  get CGI.unescape("/fr/utilisateurs/connexion%C3%A9e(.:format)"), to: redirect("/users/sign_in?locale=fr")
  get CGI.unescape("/search+results"), to: "search#index", as: CGI.unescape("search%5Fresults")
end
