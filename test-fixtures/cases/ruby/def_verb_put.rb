# A verb method the draw block defines itself is the mapper's singleton method: Rails' own calls
# of it reach it too (`resources`' `put :update`; RedHatInsights' apps draw no PUT rows so).
Rails.application.routes.draw do
  def put(*_args); end

  resources :widgets, only: %i(show update)
  put "explicit", to: "widgets#explicit"
  scope :api do
    resources :gadgets
  end
  resource :profile, only: %i(show update)
end
