# A constant written in `class << self` (trade-tariff-admin's AppAuth): the singleton class's, found
# by the methods defined beside it, not as `AppAuth::STRATEGIES` from outside; a class variable
# those methods read is still the class's own.
module AppAuth
  STRATEGIES = %w[basic].freeze
  @@prefix = "auth"

  class << self
    STRATEGIES = %w[none passwordless].freeze

    def basic?
      STRATEGIES.include?("basic")
    end

    def passwordless?
      STRATEGIES.include?("passwordless")
    end

    def path
      "#{@@prefix}/#{STRATEGIES.last}"
    end
  end
end

Rails.application.routes.draw do
  get "ping", to: "ping#index"
  resources :basic_sessions, only: :new if AppAuth.basic?
  resources :passwordless_sessions, only: :new if AppAuth.passwordless?
  get AppAuth.path, to: "sessions#show"
  get "outer", to: "sessions#outer", defaults: { strategies: AppAuth::STRATEGIES.join(",") }
end
