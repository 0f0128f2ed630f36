/**
 * Active Storage's routes (activestorage/config/routes.rb, the same table from Rails 6.1 to
 * 8.1; only the bodies of the `direct` helpers changed; 5.2's and 6.0's are smaller, read at
 * v5.2.8.1 and v6.0.6). Drawn into the app's route set after the app's own routes, unless
 * `config.active_storage.draw_routes = false` (6.1), under `config.active_storage.routes_prefix`
 * (6.0; default `/rails/active_storage`), as activestorage/lib/active_storage/engine.rb sets them.
 */
import type { Version } from "../mapper/version.js";
import { sym } from "../ruby/values.js";
import type { Drawer } from "./draw.js";

export const DEFAULT_ROUTES_PREFIX = "/rails/active_storage";

export function drawActiveStorage(r: Drawer, routesPrefix: string, version: Version): void {
  if (version.lt(6, 1)) return drawBefore61(r, routesPrefix);
  r.scope(routesPrefix, {}, () => {
    r.get("/blobs/redirect/:signed_id/*filename", "active_storage/blobs/redirect#show", { as: sym("rails_service_blob") });
    r.get("/blobs/proxy/:signed_id/*filename", "active_storage/blobs/proxy#show", { as: sym("rails_service_blob_proxy") });
    r.get("/blobs/:signed_id/*filename", "active_storage/blobs/redirect#show");

    const representation = "/representations/%s:signed_blob_id/:variation_key/*filename";
    r.get(representation.replace("%s", "redirect/"), "active_storage/representations/redirect#show", { as: sym("rails_blob_representation") });
    r.get(representation.replace("%s", "proxy/"), "active_storage/representations/proxy#show", { as: sym("rails_blob_representation_proxy") });
    r.get(representation.replace("%s", ""), "active_storage/representations/redirect#show");

    r.get("/disk/:encoded_key/*filename", "active_storage/disk#show", { as: sym("rails_disk_service") });
    r.put("/disk/:encoded_token", "active_storage/disk#update", { as: sym("update_rails_disk_service") });
    r.post("/direct_uploads", "active_storage/direct_uploads#create", { as: sym("rails_direct_uploads") });
  });
  // Helpers with no route of their own: they build one of the routes above from a model.
  r.direct("rails_representation");
  for (const model of ["Variant", "VariantWithRecord", "Preview"]) r.resolve(`ActiveStorage::${model}`);
  r.direct("rails_blob");
  for (const model of ["Blob", "Attachment"]) r.resolve(`ActiveStorage::${model}`);
  r.direct("rails_storage_proxy");
  r.direct("rails_storage_redirect");
}

/**
 * 5.2 and 6.0: one route each for blobs and representations (no redirect/proxy variants), and
 * only the `rails_blob` and `rails_representation` helpers. 5.2 writes the prefix into each
 * path (it has no `routes_prefix` setting: the caller passes the default).
 */
function drawBefore61(r: Drawer, routesPrefix: string): void {
  r.scope(routesPrefix, {}, () => {
    r.get("/blobs/:signed_id/*filename", "active_storage/blobs#show", { as: sym("rails_service_blob") });
    r.get("/representations/:signed_blob_id/:variation_key/*filename", "active_storage/representations#show", { as: sym("rails_blob_representation") });
    r.get("/disk/:encoded_key/*filename", "active_storage/disk#show", { as: sym("rails_disk_service") });
    r.put("/disk/:encoded_token", "active_storage/disk#update", { as: sym("update_rails_disk_service") });
    r.post("/direct_uploads", "active_storage/direct_uploads#create", { as: sym("rails_direct_uploads") });
  });
  r.direct("rails_representation");
  for (const model of ["Variant", "Preview"]) r.resolve(`ActiveStorage::${model}`);
  r.direct("rails_blob");
  for (const model of ["Blob", "Attachment"]) r.resolve(`ActiveStorage::${model}`);
}
