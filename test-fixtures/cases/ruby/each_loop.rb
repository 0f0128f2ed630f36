Rails.application.routes.draw do
  %w[posts pages photos].each do |name|
    resources name, only: [:index, :show]
  end
  %i[about help].each { |page| get page.to_s, to: "pages##{page}" }
  { terms: "legal", privacy: "legal" }.each do |page, ctrl|
    get page, to: "#{ctrl}##{page}"
  end
end
