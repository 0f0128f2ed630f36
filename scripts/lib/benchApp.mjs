// The benchmarks' routes file: 1,600 resources, about 10,400 routes, 90 KiB.

/**
 * `tag` goes into every resource name, so that each timed run of the in-process benchmark
 * draws names the mapper has never seen: its memos (inflections, path analyses) start empty
 * for them, as they do for an app opened for the first time. Every tag has the same length,
 * so every run's text has the same size.
 */
export function generate(resources, tag) {
  const lines = ["Rails.application.routes.draw do"];
  for (let i = 0; i < resources; i++) {
    const name = `${tag}${i}s`;
    if (i % 10 === 0) lines.push(`  namespace :area${i} do`, `    resources :${name}, only: [:index, :show]`, "  end");
    else if (i % 7 === 0) lines.push(`  resources :${name} do`, `    member { post :publish }`, `    resources :notes, only: [:index, :create]`, "  end");
    else if (i % 5 === 0) lines.push(`  get "pages/${name}", to: "pages#${name}", as: :${name}_page`);
    else lines.push(`  resources :${name}, except: :destroy`);
  }
  lines.push("end", "");
  return lines.join("\n");
}
