module Admin
  class ReportResource < JSONAPI::Resource
    routing_options except: [:destroy], as: "audit_reports"
    has_one :reviewer, class_name: "Reviewer"
  end
end
