require "active_support/concern"

module Kit
  # Included into every request spec by the app's rails_helper: a `let`, a hook that makes no
  # request, and a module of quiet helpers, all added by `included do … end`.
  module RequestHelpers
    extend ActiveSupport::Concern

    included do
      let(:kit_user) { "kit" }
      before { @kit_started = true }
      include Kit::Notes
    end
  end

  module Notes
    def kit_note(text)
      @kit_notes = [*@kit_notes, text]
    end
  end
end
