# myplaceonline's RouteHelpers: a module method handed the mapper draws `routes.resources … do`,
# and inside that block `self` is still the module (Rails yields to it), so `self.process_resources`
# nests the resources of the next level.
module RouteHelpers
  def self.process_resources(routes, name, context)
    context = [] if context.nil?
    context << { link: "archive" }
    context.each do |c|
      routes.match "#{name}/:id/#{c[:link]}", to: "#{name}##{c[:link]}", via: :get, as: "#{name.to_s.singularize}_#{c[:link]}" if c[:link]
    end
    routes.resources name.to_sym do
      context.each do |c|
        self.process_resources(routes, c[:name], nil) if c[:sub]
      end
    end
  end
end
