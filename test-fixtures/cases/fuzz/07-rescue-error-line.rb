Rails.application.routes.draw do
  begin
    get "about", to: "pages#about"
    post "x", path: "y"
  rescue KeyError
    get "never", to: "pages#never"
  end
end
