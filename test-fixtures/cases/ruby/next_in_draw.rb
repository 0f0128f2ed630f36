# `next` in the draw block ends the block (gds-sso's `next if GDS::SSO::Config.api_only`): the
# routes after it are not drawn where it is taken.
Rails.application.routes.draw do
  put "/auth/api/users/:uid" => "api/user#update"
  next if %w[api only].size == 2
  get "/auth/callback" => "authentications#callback", as: :sign_in
end
