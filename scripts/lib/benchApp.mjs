// The benchmarks' routes file: 1,600 resources written the way real apps write routes
// (issue 27 §9), not one plain `resources` line after another. Each run of twenty resources
// holds, once each: concerns (`concern`/`concerns:`), `shallow: true` with resources nested
// three deep, `member` and `collection` blocks, `param:`, `path_names:`, a `constraints` block
// and a `constraints:` option, scopes with `module:`/`as:`/`path:`, a namespace, a singular
// resource, `defaults:`, a plain `get … to:, as:`, and two plain `resources` (a real file's
// most common line; scopes and namespaces hold several resources each). 10,080 routes,
// 129 KiB; the sheet Rails 6.1 prints for it is the one `routemap routes` must print
// (scripts/bench-cli.mjs checks it byte for byte). What each kind costs, and why the scoped
// ones cost most: docs/benchmarks.md, "The routes file".

/**
 * One run of twenty resources, as blocks: each takes the names of the resources it draws
 * (`count` of them) and the run's number. Scopes, namespaces and constraints hold several
 * resources, as they do in real files.
 */
const BLOCKS = [
  {
    count: 3,
    lines: ([a, b, c], r) => [
      `  scope "v${r}", module: :api${r}, as: :api${r} do`,
      `    resources :${a}, only: [:index, :show, :create], param: :slug, constraints: { slug: /[a-z0-9-]+/ }`,
      `    resources :${b}, only: [:index, :show]`,
      `    resources :${c}, except: [:new, :edit]`,
      "  end",
    ],
  },
  { count: 1, lines: ([a]) => [`  resources :${a}, concerns: [:commentable, :archivable]`] },
  { count: 1, lines: ([a]) => [`  resources :${a}, shallow: true do`, "    resources :chapters, except: :destroy do", "      resources :pages, only: [:index, :create, :show]", "    end", "  end"] },
  { count: 1, lines: ([a]) => [`  resources :${a} do`, "    member do", "      get :preview", "      patch :publish", "    end", "    collection do", "      get :search", "      post :import", "    end", "  end"] },
  { count: 1, lines: ([a]) => [`  resources :${a}, path_names: { new: "neu", edit: "bearbeiten" }, except: :destroy`] },
  { count: 2, lines: ([a, b]) => ['  constraints(subdomain: "admin") do', `    resources :${a}, only: [:index, :show]`, `    resources :${b}, except: :destroy`, "  end"] },
  { count: 3, lines: ([a, b, c], r) => [`  namespace :area${r} do`, `    resources :${a}, only: [:index, :show]`, `    resources :${b}`, `    resources :${c}, except: :destroy do`, "      member { post :publish }", "    end", "  end"] },
  { count: 1, lines: ([a]) => [`  resource :${a}, only: [:show, :edit, :update]`] },
  { count: 1, lines: ([a]) => [`  get "pages/${a}", to: "pages#${a}", as: :${a}_page`] },
  { count: 1, lines: ([a], r) => [`  scope module: :legacy${r}, path: "old", as: :old${r} do`, `    resources :${a}, only: [:index, :show]`, "  end"] },
  { count: 1, lines: ([a]) => [`  resources :${a}, param: :uuid, except: [:new, :edit]`] },
  // Plain, as most of a real file is (and `bench-regexp.mjs` asks for `/bench17s/3/edit`).
  { count: 2, lines: (names) => names.map((n) => `  resources :${n}`) },
  { count: 1, lines: ([a]) => [`  resources :${a}, only: [:index, :show] do`, "    resources :items, shallow: true, except: :destroy", "  end"] },
  { count: 1, lines: ([a]) => [`  resources :${a}, only: [:index, :show], defaults: { format: :json }`] },
];
/** The run's resources the blocks take; the rest of the twenty are plain `resources`. */
const BLOCKED = BLOCKS.reduce((n, b) => n + b.count, 0);

/**
 * `tag` goes into every resource name, so that each timed run of the in-process benchmark
 * draws names the mapper has never seen: its memos (inflections, path analyses) start empty
 * for them, as they do for an app opened for the first time. Every tag has the same length,
 * so every run's text has the same size. Resource `i` with `i % 20` past the blocks' (BLOCKED)
 * is a plain `resources :…, except: :destroy` (`bench-regexp.mjs` asks for `/bench17s/3/edit`).
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
  const name = (i) => `${tag}${i}s`;
  for (let run = 0; run * 20 < resources; run++) {
    let i = run * 20;
    const last = Math.min(i + 20, resources);
    for (const block of BLOCKS) {
      if (i + block.count > last) break;
      lines.push(...block.lines(Array.from({ length: block.count }, (_, k) => name(i + k)), run));
      i += block.count;
    }
    for (; i < last; i++) lines.push(`  resources :${name(i)}, except: :destroy`);
  }
  lines.push("end", "");
  return lines.join("\n");
}
