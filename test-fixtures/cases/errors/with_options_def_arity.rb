# A method of the draw block that takes no arguments, called inside `with_options`: the
# OptionMerger sends it the options, and Ruby raises.
Rails.application.routes.draw do
  def admin_pages
    get "dashboard", to: "admin#dashboard"
  end

  with_options(constraints: { subdomain: "admin" }) do
    admin_pages
  end
end
