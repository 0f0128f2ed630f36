Rails.application.routes.draw do
  draw "admin/users"
  draw :public
end
