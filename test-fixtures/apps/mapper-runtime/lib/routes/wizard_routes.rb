# A block run on the mapper with `instance_exec`, no receiver: inside a method of the mapper.
module Routes
  module WizardRoutes
    def wizard_scope(name, &block)
      scope(as: name, path: name) do
        instance_exec(name, &block)
        get ":step", to: "#{name}#show", as: :show
      end
    end
  end
end
