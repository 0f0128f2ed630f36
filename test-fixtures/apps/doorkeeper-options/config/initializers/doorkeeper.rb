Doorkeeper.configure do
  orm :active_record
  # No token introspection endpoint.
  allow_token_introspection false
end
