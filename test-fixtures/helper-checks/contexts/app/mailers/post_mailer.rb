class PostMailer < ApplicationMailer
  def published
    @link = post_url(1) # eval
    @path = post_path(1) # eval
    @home = main_app.post_path(1) # eval
    @guarded = admin_reports_path if respond_to?(:admin_reports_path) # eval
    mail(to: "a@example.com", subject: "Published")
  end
end
