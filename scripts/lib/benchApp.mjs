// The benchmarks' routes file: 1,600 resources written the way real apps write routes
// (issue 27 §9), not one plain `resources` line after another. Each run of twenty resources
// holds, once each: concerns (`concern`/`concerns:`), `shallow: true` with resources nested
// three deep, `member` and `collection` blocks, `param:`, `path_names:`, a `constraints` block
// and a `constraints:` option, scopes with `module:`/`as:`/`path:`, a namespace, a singular
// resource, `defaults:`, a plain `get … to:, as:`; the rest are plain `resources`, as most of
// a real file is. About 10,400 routes and 96 KiB; the sheet Rails 6.1 prints for it is the one
// `routemap routes` must print (scripts/bench-cli.mjs checks it byte for byte).

/** The twenty kinds of resource, in the order each run of twenty writes them. */
const KINDS = [
  (n, i) => [`  scope "v${i}", module: :api${i}, as: :api${i} do`, `    resources :${n}, only: [:index, :show, :create], param: :slug, constraints: { slug: /[a-z0-9-]+/ }`, "  end"],
  (n) => [`  resources :${n}, concerns: [:commentable, :archivable]`],
  (n) => [`  resources :${n}, shallow: true do`, "    resources :chapters, except: :destroy do", "      resources :pages, only: [:index, :create, :show]", "    end", "  end"],
  (n) => [`  resources :${n} do`, "    member do", "      get :preview", "      patch :publish", "    end", "    collection do", "      get :search", "      post :import", "    end", "  end"],
  (n) => [`  resources :${n}, path_names: { new: "neu", edit: "bearbeiten" }, except: :destroy`],
  (n) => ['  constraints(subdomain: "admin") do', `    resources :${n}, only: [:index, :show]`, "  end"],
  (n, i) => [`  namespace :area${i} do`, `    resources :${n}, only: [:index, :show]`, "  end"],
  (n) => [`  resource :${n}, only: [:show, :edit, :update]`],
  (n) => [`  get "pages/${n}", to: "pages#${n}", as: :${n}_page`],
  (n, i) => [`  scope module: :legacy${i}, path: "old" do`, `    resources :${n}, only: :index`, "  end"],
  (n) => [`  resources :${n}, param: :uuid, except: [:new, :edit]`],
  (n) => [`  resources :${n}, only: [:index, :show] do`, "    resources :items, shallow: true, except: :destroy", "  end"],
  (n) => [`  resources :${n}, only: [:index, :show], defaults: { format: :json }`],
  (n, i) => [`  scope path: "s${i}", as: :s${i} do`, `    resources :${n}, except: :destroy`, "  end"],
];

/**
 * `tag` goes into every resource name, so that each timed run of the in-process benchmark
 * draws names the mapper has never seen: its memos (inflections, path analyses) start empty
 * for them, as they do for an app opened for the first time. Every tag has the same length,
 * so every run's text has the same size. Resource `i` with `i % 20` past the kinds above is a
 * plain `resources :…, except: :destroy` (`bench-regexp.mjs` asks for `/bench17s/3/edit`).
 */
export function generate(resources, tag) {
  const lines = [
    "Rails.application.routes.draw do",
    "  concern :commentable do",
    "    resources :comments, only: [:index, :create]",
    "  end",
    "  concern :archivable do",
    "    member { post :archive }",
    "  end",
  ];
  for (let i = 0; i < resources; i++) {
    const name = `${tag}${i}s`;
    const kind = KINDS[i % 20];
    lines.push(...(kind ? kind(name, i) : [`  resources :${name}, except: :destroy`]));
  }
  lines.push("end", "");
  return lines.join("\n");
}
