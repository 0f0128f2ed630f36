module Portal
  def self.router_prefix
    "/portal"
  end
end
