Rails.application.routes.draw do
  get :bar, path: "baz", to: "foo#bar"
  get :qux, path: "x/:id", controller: :foo
end
