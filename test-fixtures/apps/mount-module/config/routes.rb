# `app_name` names a mounted class, never a module: a module answering `call` mounts unnamed.
module Ping
  def self.call(_env)
    [200, {}, ["pong"]]
  end
end

class Pong
  def self.call(_env)
    [200, {}, ["ping"]]
  end
end

Rails.application.routes.draw do
  mount Ping => "/ping"
  mount Pong => "/pong"
  mount Ping, at: "/named", as: :named_ping
end
