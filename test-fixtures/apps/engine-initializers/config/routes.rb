Rails.application.routes.draw do
  # Named by the engine's inflection rules (engines/glossary/config/initializers).
  resources :cacti, only: [:index, :show]
  resources :minutes, only: [:index, :new]
  resources :octopuses, only: :show
  # A constant an engine's initializer defines.
  GLOSSARY_SECTIONS.each { |section| get "glossary/#{section}", to: "glossary##{section}" }
  # The rule of an engine the app does not load does not apply.
  resources :personae, only: :index
end
