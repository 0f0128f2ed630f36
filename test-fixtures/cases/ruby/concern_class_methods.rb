# Class methods a class gets from the modules it includes, as real apps build their routes from
# them (codeforamerica/vita-min's navigation concerns). Controllers' class methods: the fixture
# app controller-class-methods (they need Rails' real controllers).
module ClassNavigation
  extend ActiveSupport::Concern

  class_methods do
    def steps
      const_get("STEPS")
    end
  end
end

module HookNavigation
  extend ActiveSupport::Concern

  included do
    class << self
      def steps
        self::STEPS
      end
    end
  end
end

module PlainNavigation
  def self.included(base)
    base.extend(ClassMethods)
  end

  module ClassMethods
    def steps
      const_get(:STEPS).reverse
    end
  end
end

class IntakeFlow
  include ClassNavigation
  STEPS = %i[welcome wages].freeze
end

class ReviewFlow
  include HookNavigation
  STEPS = %i[summary].freeze
end

class ExitFlow
  include PlainNavigation
  STEPS = %i[survey goodbye].freeze
end

Rails.application.routes.draw do
  [IntakeFlow, ReviewFlow, ExitFlow].each do |flow|
    flow.steps.each { |step| get "/#{flow.name.underscore}/#{step}", to: "steps##{step}" }
  end
end
