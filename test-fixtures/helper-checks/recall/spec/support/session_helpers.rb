module SessionHelpers
  # Makes a request to a helper's route: after it, the session recalls that request's parameters.
  def open_post(id)
    get post_path(id)
  end

  # Makes a request to a literal path: after it, the session recalls the path parameters of the route it reaches.
  def visit_index
    get "/posts"
  end

  # Quiet: it only keeps a note.
  def note(text)
    @notes = [*@notes, text]
  end

  # Quiet here: request specs get this one (the system specs' `log_in` below overrides it there only).
  def log_in(name)
    @user = name
  end
end
