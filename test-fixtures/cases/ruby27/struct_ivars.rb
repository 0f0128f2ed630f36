# A Struct whose initialize calls super and sets an instance variable, and whose class method
# memoizes in one (`@configs ||= …`), as alphagov/whitehall's lib/locale.rb does.
Locale = Struct.new(:code) do
  attr_reader :languages

  def initialize(code)
    super(code.to_sym)
    @languages = Locale.configs
  end

  def self.configs
    @configs ||= { "fr" => "French", "de" => "German" }
  end

  def self.all
    configs.keys.map { |l| new(l) }
  end

  def name
    languages[code.to_s]
  end
end

Rails.application.routes.draw do
  Locale.all.each do |locale|
    get "#{locale.code}/about", to: "about#show", defaults: { language: locale.name, code: locale.code }
  end
end
