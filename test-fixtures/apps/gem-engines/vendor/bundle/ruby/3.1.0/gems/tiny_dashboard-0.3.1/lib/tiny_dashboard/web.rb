module TinyDashboard
  # A made-up Rack app, mounted like Sidekiq::Web.
  class Web
    def self.call(_env)
      [200, { "Content-Type" => "text/plain" }, ["ok"]]
    end
  end
end
