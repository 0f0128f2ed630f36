# Instance variables belong to an object: main at the top of this file, a Mapper of its own for
# each draw (RouteSet#eval_block's Mapper.new), an OptionMerger inside `with_options` blocks that
# take no parameter. A file `draw` loads runs on its draw's Mapper.
@top = "main"

Rails.application.routes.draw do
  @version = "v1"
  get "#{@top}/top-in-draw" => "probe#top"
  get "#{@version}/first" => "probe#first"
  draw :more
  with_options(only: :index) do
    @merged = "merger"
    get "#{@version}/in-merger" => "probe#in_merger"
  end
  get "#{@merged}/after-merger" => "probe#after_merger"
  with_options(only: :show) do |m|
    @yielded = "mapper"
    m.get "#{@version}/yielded" => "probe#yielded"
  end
  get "#{@yielded}/after-yielded" => "probe#after_yielded"
  @nothing = nil
  get "#{defined?(@nothing)}/#{defined?(@never).inspect}" => "probe#defined"
  get "#{instance_variable_get(:@version)}/#{instance_variable_defined?("@never")}" => "probe#reflected"
  instance_variable_set(:@assigned, "set")
  get "#{@assigned}/by-set" => "probe#by_set"
end

Rails.application.routes.draw do
  get "#{@version}/second" => "probe#second"
  get "#{@top}/top-in-second" => "probe#top_second"
end

get_top = @top
Rails.application.routes.draw do
  get "#{get_top}/local" => "probe#local"
end
