OPTIONS = { to: "pages#show" }

Rails.application.routes.draw do
  %w[pages/about pages/contact].each do |page|
    get page, **OPTIONS
  end
  match "search", **{ to: "search#index", via: :get }
end
