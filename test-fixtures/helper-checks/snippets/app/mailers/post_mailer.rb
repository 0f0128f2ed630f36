class PostMailer < ApplicationMailer
  def published
    @link = post_url(id: 1) # eval
    mail(to: "a@example.com", subject: "Published")
  end
end
