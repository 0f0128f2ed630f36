# A subclass has its parent's Devise modules (`devise_modules` is a class attribute), and adds its own.
# (A subclass of User would inherit :omniauthable, which Devise allows in one model only.)
class Admin < Member
  devise :confirmable
end
