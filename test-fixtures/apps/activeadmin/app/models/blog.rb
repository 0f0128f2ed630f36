module Blog
  def self.table_name_prefix
    "blog_"
  end
end
