# `Devise.mappings[name]` after `devise_for` (sul-dlss/argo's `via: Devise.mappings[:user].sign_out_via`).
Rails.application.routes.draw do
  devise_for :users, skip: [:sessions]

  devise_for :admins, path: "staff", sign_out_via: [:get, :delete], skip: :all

  scope "(:locale)", locale: /en|fr/ do
    devise_for :members, only: [:sessions], singular: :member_account, module: "members", format: false
  end

  devise_scope :user do
    get "webauth/login" => "login#login", as: :new_user_session
    match "webauth/logout" => "devise/sessions#destroy", as: :destroy_user_session,
          via: Devise.mappings[:user].sign_out_via
  end

  devise_scope :admin do
    match "staff/out" => "devise/sessions#destroy", as: :destroy_admin_session, via: Devise.mappings[:admin].sign_out_via
  end

  # The readers a mapping answers, as path segments and defaults.
  get "mappings/#{Devise.mappings[:member_account].name}" => "mappings#show",
      defaults: { fullpath: Devise.mappings[:member_account].fullpath, path: Devise.mappings[:admin].path,
                  class_name: Devise.mappings[:admin].class_name, scoped_path: Devise.mappings[:member_account].scoped_path,
                  fmt: Devise.mappings[:member_account].format.inspect, names: Devise.mappings.keys.inspect }
end
