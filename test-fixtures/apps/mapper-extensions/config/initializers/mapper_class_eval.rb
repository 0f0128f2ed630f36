# Methods an initializer adds to Rails' Mapper with `class_eval` (route macros, as Devise's strategy
# gems add their `devise_<module>` methods): defined in the Mapper itself, as a reopening's are, so
# `admin_pages`' `resources` is mapper_own.rb's, whose `super` goes on to Rails'.
ActionDispatch::Routing::Mapper.class_eval do
  def admin_pages(*names, **options)
    namespace :admin do
      resources(*names, **options.merge(only: %i[index show]))
    end
  end

  protected

  def member_sign_in(name)
    get "#{name}/sign_in", to: "#{name}_sessions#new", as: "#{name}_sign_in"
  end
end
