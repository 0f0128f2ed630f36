# Each kept block closes over its own locals, as Ruby's blocks do.
path = "/outer"
Rails.application.routes.append do
  get path, to: "pages#outer"
  get "/i_#{path}", to: "pages#inner"
end
%w[a b c].each do |n|
  Rails.application.routes.append { get "/loop_#{n}", to: "pages#loop" }
end
# Called: its block is kept.
def keep_from_def
  Rails.application.routes.append { get "from_def", to: "pages#from_def" }
end
keep_from_def
# A block argument is kept as a literal block is.
blk = proc { get "from_proc", to: "pages#from_proc" }
Rails.application.routes.append(&blk)
Rails.application.routes.append do
  # `clear!` has drawn the prepends already: Rails draws this one only on a reload.
  Rails.application.routes.prepend { get "too_late", to: "pages#too_late" }
  # `finalize!`'s `each` reaches it: drawn last.
  Rails.application.routes.append { get "nested", to: "pages#nested" }
end
