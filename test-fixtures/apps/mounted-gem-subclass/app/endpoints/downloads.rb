# A Rack app of a gem's class (Rack::Files, which defines `call`), as an app subclasses
# rack-proxy's Rack::Proxy: the files do not define `call`, its superclass does.
class Downloads < Rack::Files
  def inspect
    "#<Downloads>"
  end
end
