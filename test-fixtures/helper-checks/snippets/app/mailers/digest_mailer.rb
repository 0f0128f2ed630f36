# Its own options, assigned: the class attribute is this class's (and its subclasses') alone, in
# place of the one `config.action_mailer.default_url_options` gives every other mailer, so
# :author_id is filled here and :locale is not.
class DigestMailer < ApplicationMailer
  self.default_url_options = { host: "digest.example.com", author_id: "7" }

  def weekly
    @link = author_book_url(id: 1) # eval
    mail(to: "a@example.com", subject: "Weekly")
  end
end
