module LinksHelper
  def home_link
    if Settings::NEW_HOME
      link_to "Home", new_home_path
    else
      link_to "Home", root_path
    end
  end
end
