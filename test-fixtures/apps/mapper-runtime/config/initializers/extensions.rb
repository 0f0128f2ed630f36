Dir.glob(Rails.root.join("extensions/*.rb")).sort.each do |extension|
  require extension
end
