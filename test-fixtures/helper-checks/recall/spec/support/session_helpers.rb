module SessionHelpers
  # Makes a request to a helper's route: after it, the session recalls that request's parameters.
  def open_post(id)
    get post_path(id)
  end

  # Quiet: it only keeps a note.
  def note(text)
    @notes = [*@notes, text]
  end
end
