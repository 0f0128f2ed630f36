require "storefront/engine"
require "bundle_core"
