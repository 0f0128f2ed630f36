Rails.application.routes.draw do
  constraints({ host: Gemcutter::SEPARATE_ADMIN_HOST }.compact) do
    namespace :admin, constraints: { format: :html }, defaults: { format: "html" } do
      delete "logout" => "admin#logout", as: :logout
    end
  end
  get "home", to: "pages#home", defaults: { host: Gemcutter::HOST, protocol: Gemcutter::PROTOCOL }
  get "cdn", to: "pages#cdn", defaults: { cdn: Rails.configuration.rubygems.cdn, port: Rails.configuration.rubygems.cdn[:port] }
  get "mail", to: "pages#mail", defaults: { mail: Rails.configuration.x.mail.host, admin: Rails.configuration.x.mail.separate_admin_host! }
  get "all", to: "pages#all", defaults: { all: Rails.configuration.rubygems, text: Rails.configuration.rubygems.to_s, key: Rails.configuration.rubygems.key?("host") }
end
