require "billing/engine"

module Billing
end
