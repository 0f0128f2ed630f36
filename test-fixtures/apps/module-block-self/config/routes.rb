Rails.application.routes.draw do
  additions = { lists: [{ sub: true, name: :items }], users: [{ link: "email" }] }
  RouteHelpers.process_resources(self, :lists, additions[:lists])
  RouteHelpers.process_resources(self, :users, additions[:users])
end
