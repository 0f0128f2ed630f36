module LocaleList
  def self.codes = YAML.load_file(Rails.root.join("config/languages.yml")).keys
  def self.rtl = YAML.load_file(Rails.root.join("config/languages.yml")).select { |_, v| v["rtl"] }.keys
end
