Rails.application.routes.draw do
  match "purge", to: "cache#purge", via: :purge
  match "link", to: "a#link", via: [:link, :unlink]
  match "trace", to: "a#trace", via: :trace
end
