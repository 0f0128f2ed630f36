# Routes drawn in the body of methods of the app's files: `routemap check` says what it finds of
# them at the call in the draw, with the method's line as a note.
require_relative "../lib/steps"

def edit_step(name, opts = {}, &block)
  resource name, only: [:edit], controller: opts.fetch(:alias, name) do
    yield if block
  end
end

def crud_step(name)
  edit_step name do
    get :extra
  end
end

def api_scope(&block)
  scope "api", &block
end

Rails.application.routes.draw do
  edit_step :present
  edit_step :first_missing
  edit_step :second, alias: :nowhere
  crud_step :crud
  edit_step :present do
    edit_step :inner_missing
  end
  api_scope do
    resources :gone, only: :index
  end
  lib_step :from_lib
end
