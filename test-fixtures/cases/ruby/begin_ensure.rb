# `begin` as Ruby runs it: `else` is not guarded by the `rescue` beside it, `retry` runs the
# body again without the `ensure`, and `ensure` runs once, after whichever clause ran.
Rails.application.routes.draw do
  tries = 0
  ensured = 0
  begin
    tries += 1
    raise KeyError if tries < 3
  rescue KeyError
    retry
  ensure
    ensured += 1
  end
  get "tries-#{tries}-ensured-#{ensured}", to: "probe#retry"

  outcome = begin
    begin
      get "body", to: "probe#body"
    rescue KeyError
      "rescued"
    else
      raise KeyError, "from else"
    end
  rescue KeyError => e
    "outer took #{e.message}"
  end
  get outcome.parameterize, to: "probe#else"

  value = begin
    "body"
  ensure
    "ensure"
  end
  get "value-#{value}", to: "probe#value"
end
