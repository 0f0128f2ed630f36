# A memoized method called back from inside itself (cartodb's `Cartodb.config`: `return @config if
# @config`, then `get_config` calls that call `config` again) where Routemap cannot decide the guard:
# the inner calls are unknown, not run. Run, each level ran both branches again (2^n): 13 s here,
# a minute on cartodb, and its whole table lost. `Time.now` is what Routemap cannot know.
module AppConf
  def self.config
    return @config if @config
    @config = [{ "mailer" => { "address" => "x" } }, { "mailer" => { "address" => "y" } }][Time.now.year % 2]
    if @config["mailer"]
      @smtp = { address: AppConf.get_config("mailer", "address"), port: AppConf.get_config("mailer", "port") }
    end
    @config
  end

  def self.get_config(*chain)
    current = AppConf.config
    chain.each { |key| current = current[key] }
    current
  end
end

MAILER = AppConf.config["mailer"]
Rails.application.routes.draw do
  get "first", to: "pages#first"
  get "last", to: "pages#last"
end
