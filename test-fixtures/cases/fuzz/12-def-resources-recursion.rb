# Seed 11293303, file 18: a `def resources` of the draw block is reached by Rails' own
# `send(:resources, name, options)` under `shallow`, the options a positional Hash (not keywords):
# here it comes back each time with two names, and Ruby's stack runs out.
Rails.application.routes.draw do
  def resources(*names, **options, &block)
    super(*names, **options.merge(except: []), &block)
  end

  resources :boxes, shallow: true
end
