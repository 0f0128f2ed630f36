ENV["RAILS_ENV"] ||= "test"
require_relative "../config/environment"

def set_session
  post test_session_path
end
