def lib_step(name)
  resources name, only: :show
end
