# A class variable memoized with `||=` (puzzle/cryptopus's `@@auth_config ||= new`): unset until
# the first call, which sets it; later calls read it.
class FeatureConfig
  class << self
    def config
      @@config ||= new
    end

    def beta?
      config.beta?
    end

    def same?
      config.equal?(@@config)
    end
  end

  def beta?
    false
  end
end

Rails.application.routes.draw do
  get "beta", to: "beta#index" if FeatureConfig.beta?
  get "home", to: "pages#home" unless FeatureConfig.beta?
  get "same", to: "pages#same" if FeatureConfig.same?
end
