Rails.application.routes.draw do
  get "admin", to: "admin#index" if ModeSettings.admin?
  get "flow", to: "flow#index", as: :flow if ModeSettings.embedded_flow?
  get "lite_admin", to: "admin#lite" if LiteSettings.admin?
  get "lite_flow", to: "flow#lite" if LiteSettings.embedded_flow?
end
