ActionDispatch::Routing::Mapper.include(Routes::WizardRoutes)

# A reopening that only includes a module.
class ActionDispatch::Routing::Mapper
  include Routes::Archivable
end
