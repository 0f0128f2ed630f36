Rails.application.routes.draw do
  def versioned(v)
    scope "v#{v}", as: "v#{v}" do
      yield v
    end
  end

  versioned(1) { |v| get "ping", to: "ping#v#{v}" }
  versioned(2) { |v| get "ping", to: "ping#v#{v}" }
end
