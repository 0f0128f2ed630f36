ActiveAdmin.register Blog::Article, as: "Story" do
  actions :index, :show, :edit, :update
end
