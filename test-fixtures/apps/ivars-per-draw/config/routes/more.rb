get "#{@version}/drawn" => "probe#drawn"
@from_drawn = "drawn"
get "#{@from_drawn}/again" => "probe#again"
