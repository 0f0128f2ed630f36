module Blog
  class Article < ActiveRecord::Base
  end
end
