# A Struct class whose block defines class methods (`def self.`) beside instance methods,
# as alphagov/whitehall's lib/locale.rb does, used for a constraint and a default.
Locale = Struct.new(:code) do
  def self.non_english
    %w[fr de cy]
  end

  def self.english
    new("en")
  end

  def label
    code.upcase
  end
end

Rails.application.routes.draw do
  get ":locale/guides", to: "guides#index", constraints: { locale: Regexp.union(Locale.non_english) }
  get "home", to: "pages#home", defaults: { locale: Locale.english.code, label: Locale.new("fr").label }
end
