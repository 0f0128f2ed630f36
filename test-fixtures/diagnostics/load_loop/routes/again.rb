load __FILE__
