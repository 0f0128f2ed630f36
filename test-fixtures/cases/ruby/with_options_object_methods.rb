# OptionMerger undefines its public methods: method_missing sends Object's on to the mapper, the
# options merged (send draws with them; instance_variable_get given them raises ArgumentError).
Rails.application.routes.draw do
  @fz_1 = :things
  with_options only: [:index] do
    resources instance_variable_get(:@fz_1) rescue resources :failed_ivg
    send(:resources, :sent)
    public_send(:resources, :psent, only: [:show])
    __send__(:resources, :usent)
    resources :tapped if respond_to?(:resources)
    instance_variable_set(:@fz_2, :x) rescue resources :failed_ivs
    resources :ivd if instance_variable_defined?(:@fz_1) rescue resources :failed_ivd
  end
  with_options({}) do
    resources instance_variable_get(:@fz_1) rescue resources :failed2
    instance_variable_set(:@fz_3, :set_in_merger)
  end
  resources @fz_3, only: :index
  with_options only: [:index] do |r|
    r.send(:resources, :rsent)
    r.instance_variable_get(:@fz_1) rescue r.resources :failed_r
  end
end
