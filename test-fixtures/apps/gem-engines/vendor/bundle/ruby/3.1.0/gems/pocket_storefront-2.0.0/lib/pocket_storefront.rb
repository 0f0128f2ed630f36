require "pocket/storefront/engine"
