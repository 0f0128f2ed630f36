# mount deletes :at from the Hash it is given and fills :as and :via in it (`options.delete(:at)`,
# `options[:as] ||=`, `options[:via] ||=`): a Hash used again has lost its mount point, and
# Ruby before 3.3 hands a lone **hash over as the caller's own.
STATUS = ->(env) { [200, {}, ["ok"]] }
AT = { at: "/status" }
SPLATTED = { at: "/health", via: :get }
module Probes
  class Ping
    def self.call(env) = [200, {}, ["pong"]]
  end
end
PING = { Probes::Ping => "/ping" }

Rails.application.routes.draw do
  mount STATUS, AT
  get "seen", to: "pages#seen", defaults: { left: AT.inspect }
  mount STATUS, **SPLATTED
  get "splatted", to: "pages#splatted", defaults: { left: SPLATTED.inspect }
  mount PING
  get "pinged", to: "pages#pinged", defaults: { left: PING.inspect }
  mount STATUS, { at: "/cold" }.freeze
end
