# Rack::Utils::HTTP_STATUS_CODES is the table of the Rack that Gemfile.lock locks (hackclub/hcb's error pages).
Rails.application.routes.draw do
  Rack::Utils::HTTP_STATUS_CODES.keys.select { |c| c >= 400 }.each do |code|
    match "/#{code}", to: "errors#error", via: :all, code: code
  end
  get "/status/:code", to: "errors#status", as: :status, defaults: { names: Rack::Utils::HTTP_STATUS_CODES.values_at(413, 422, 451).join("|") }
  get "/teapot", to: "errors#teapot" if Rack::Utils::HTTP_STATUS_CODES.key?(418)
  get "/bandwidth", to: "errors#bandwidth" if Rack::Utils::HTTP_STATUS_CODES.key?(509)
end
