module Questions
  class EligibilityWagesController < QuestionsController
    def update; end

    private

    def secret; end

    public def summary; end
  end
end
