Rails.application.routes.draw do
  get "/stories/:name", to: redirect { |params, req| "/articles/#{params[:name].pluralize}" }
  get "/l", to: redirect(lambda { |p, r| "/x" })
end
