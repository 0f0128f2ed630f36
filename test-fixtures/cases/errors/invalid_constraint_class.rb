# `constraints:` a class whose `matches?` is an instance method only: the class itself answers
# neither `call` nor `matches?` (Rails' Mapping#blocks check); an object of it, or a class
# with a class method `matches?`, is a constraint.
class InstanceOnly
  def matches?(request) = true
end

class ClassLevel
  def self.matches?(request) = true
end

Rails.application.routes.draw do
  get "a", to: "pages#a", constraints: ClassLevel
  get "b", to: "pages#b", constraints: InstanceOnly.new
  get "c", to: "pages#c", constraints: InstanceOnly
end
