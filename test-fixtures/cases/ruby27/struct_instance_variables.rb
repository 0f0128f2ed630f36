# A Struct class whose instances keep instance variables (alphagov/whitehall's lib/locale.rb:
# `initialize` calls `super` and sets `@languages`, methods memoise with `||=`), and whose
# class methods memoise in the class's own instance variables.
Locale = Struct.new(:code) do
  attr_reader :languages

  def initialize(code)
    super(code.to_sym)
    @languages = Locale.load_language_configs
  end

  def self.load_language_configs
    @load_language_configs ||= { "en" => "English", "fr" => "Français", "cy" => "Cymraeg" }
  end

  def self.all
    load_language_configs.keys.map { |l| new(l) }
  end

  def native_name
    @native_name ||= languages[code.to_s]
  end

  def english?
    code == :en
  end
end

Rails.application.routes.draw do
  locales = Locale.all.reject(&:english?)
  get ":locale/guides", to: "guides#index", constraints: { locale: Regexp.union(locales.map { |l| l.code.to_s }) }
  get "welsh", to: "pages#home", defaults: { name: Locale.new("cy").native_name, same: Locale.new("fr").native_name }
end
