/**
 * The development-only routes railties adds (railties/lib/rails/application/finisher.rb,
 * `add_builtin_route`, `add_internal_routes` from 7.0): `/rails/info` and its pages, prepended
 * to the app's routes, and `/rails/info/notes` from 8.0. They are `internal: true`, so
 * `bin/rails routes` never prints them, but their helpers (`rails_info_path`) exist. The welcome
 * page Rails appends (`get "/"`) has no name and reaches nothing an app's own root does not, so
 * it is left out.
 *
 * Action Mailer's previews (actionmailer/lib/action_mailer/railtie.rb) are prepended after
 * them when `config.action_mailer.show_previews` (by default: in development), also internal;
 * 7.1 added the download route. `get "/rails/mailers/*path"` gets no name: its automatic one,
 * `rails_mailers`, is taken.
 */
import type { Version } from "../mapper/version.js";
import type { Drawer } from "./draw.js";

export function drawInternalRoutes(r: Drawer, version: Version): void {
  const internal = { internal: true };
  r.get("/rails/info/properties", "rails/info#properties", internal);
  r.get("/rails/info/routes", "rails/info#routes", internal);
  if (version.gte(8, 0)) r.get("/rails/info/notes", "rails/info#notes", internal);
  r.get("/rails/info", "rails/info#index", internal);
}

export function drawMailerPreviews(r: Drawer, version: Version): void {
  const internal = { internal: true };
  r.get("/rails/mailers", "rails/mailers#index", internal);
  if (version.gte(7, 1)) r.get("/rails/mailers/download/*path", "rails/mailers#download", internal);
  r.get("/rails/mailers/*path", "rails/mailers#preview", internal);
}
