# Each `Rails.application.routes.draw` is a new Mapper (RouteSet#eval_block): a drawn file that
# wraps its routes in its own draw, called inside a namespace, draws them outside it.
Rails.application.routes.draw do
  namespace :admin do
    draw :admin
    resources :reports, only: :index
  end
end
