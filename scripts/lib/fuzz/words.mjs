// The words generated routes are made of. Plurals are ActiveSupport's English ones (checked
// against `"x".pluralize` in Rails 6.1), several of them irregular, so names go through the
// inflector's rules.

/** [singular, plural] */
export const PLURALS = [
  ["post", "posts"], ["comment", "comments"], ["user", "users"], ["photo", "photos"], ["tag", "tags"],
  ["article", "articles"], ["order", "orders"], ["item", "items"], ["report", "reports"], ["account", "accounts"],
  ["project", "projects"], ["task", "tasks"], ["invoice", "invoices"], ["person", "people"], ["category", "categories"],
  ["address", "addresses"], ["status", "statuses"], ["child", "children"], ["box", "boxes"], ["company", "companies"],
  ["analysis", "analyses"], ["quiz", "quizzes"], ["mouse", "mice"], ["index", "indices"], ["matrix", "matrices"],
  ["wife", "wives"], ["bus", "buses"], ["alias", "aliases"], ["news", "news"],
  ["series", "series"], ["equipment", "equipment"], ["line_item", "line_items"], ["blog_post", "blog_posts"],
  ["api_key", "api_keys"], ["web_hook", "web_hooks"], ["sheep", "sheep"], ["octopus", "octopi"], ["crisis", "crises"],
  ["move", "moves"], ["sale", "sales"], ["zombie", "zombies"], ["axis", "axes"], ["testis", "testes"],
];

export const STANDARD_ACTIONS = ["index", "show", "new", "create", "edit", "update", "destroy"];
export const SINGULAR_ACTIONS = ["show", "new", "create", "edit", "update", "destroy"];
export const CUSTOM_ACTIONS = [
  "preview", "publish", "archive", "search", "export", "approve", "toggle", "duplicate", "download", "upload",
  "stats", "feed", "history", "restore", "reorder", "bulk_update", "confirm", "unlock", "share", "print",
];
/** Static path words and namespace names. */
export const WORDS = [
  "about", "contact", "help", "faq", "terms", "privacy", "dashboard", "health", "login", "logout", "signup",
  "settings", "sitemap", "admin", "api", "v1", "v2", "internal", "manage", "billing", "reports", "legacy",
  "public", "beta", "mobile", "partners", "support", "docs", "status", "webhooks", "oauth", "my", "backoffice",
];
/** Dynamic segments (never the ones Rails gives a meaning: id, format, controller, action). */
export const PARAMS = ["slug", "page", "year", "month", "token", "code", "kind", "locale", "section", "ref", "name", "uuid"];
/** Constants mounted (the oracle makes an unknown `X::Engine` an engine isolating X, others Rack apps). */
export const MOUNTABLES = [
  "Blog::Engine", "Forum::Engine", "Shop::Engine", "Wiki::Engine", "Docs::Engine", "PgHero::Engine",
  "Sidekiq::Web", "RackApp", "Api::Server", "StatusPage", "Flipper::Web", "GraphiQL::Rails::Engine",
];
export const REGEXPS = [
  ["\\d+", ""], ["[a-z]+", ""], ["[^/]+", ""], ["[a-z0-9-]+", ""], ["en|fr|de", ""], ["\\d{4}", ""],
  ["[A-Z]{2}", "i"], ["v\\d", ""], ["[\\w.]+", ""], ["\\h{8}", ""],
];
