# Ruby's own hook rather than a Concern's, as rubygems.org's SearchKickHelper writes it: a
# `before` and an `after` that make no request, added to each group that includes the module.
module SearchReindex
  def self.included(base)
    base.before { reindex }
    base.after { @reindexed = false }
  end

  def reindex
    @reindexed = true
  end
end
