# Seed 2129331, file 187: Rails' own `patch :update` reaches the draw block's `def patch`; its
# `super` is Rails' `patch`, which draws the route (and does not reach the `def` again).
Rails.application.routes.draw do
  def patch(*args, **options, &block)
    super(*args, &block)
  end

  %i[zz qq].each_cons(2).map(&:last).each do |r1|
    resources r1
  end
end
