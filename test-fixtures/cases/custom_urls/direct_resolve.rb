Rails.application.routes.draw do
  direct :homepage do
    "https://rubyonrails.org"
  end
  direct(:cdn) { |path| "https://cdn.example.com/#{path}" }
  resolve("Basket") { [:basket] }
  resource :basket
end
