# Avo's mount_avo (avo 3.32.4's lib/avo/engine.rb) with the app's root path, inside the app's
# scopes, and a plugin gem (avo-feed, depending on avo) that mounts its engine from its
# `on_load(:avo_boot)` hook. Debian lacks the gems real Avo needs (view_component, turbo-rails,
# pagy…): vendor/bundle holds a gem of Avo's shape, the lines mount_avo reads, in our words.
Rails.application.routes.draw do
  root "home#index"
  constraints(subdomain: "admin") do
    scope :internal, as: :internal do
      mount_avo
    end
  end
  mount_avo at: "/backstage", as: :backstage
end
