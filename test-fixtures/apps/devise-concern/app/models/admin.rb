class Admin < ApplicationRecord
  # The shell that runs `bin/rails routes` does not set the variable: no confirmations.
  devise :database_authenticatable, :registerable,
         *(:confirmable if ENV["ROUTEMAP_UNSET_CONFIRM"] == "true"),
         *[:lockable]
end
