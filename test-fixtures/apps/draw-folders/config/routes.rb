Rails.application.routes.draw do
  draw(:melbourne)
  draw(:sydney)
  draw(:more)
end
