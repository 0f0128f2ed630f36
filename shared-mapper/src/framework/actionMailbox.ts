/**
 * Action Mailbox's routes (actionmailbox/config/routes.rb): the ingresses' endpoints and the
 * development "conductor". Always drawn when the engine is loaded, whatever
 * `config.action_mailbox.ingress` says (the controllers check it per request). Rails 6.1 added
 * the conductor's `sources` routes (6.0's file, v6.0.6, has none), 7.0 the `incinerate` route;
 * 7.1 limited the conductor's inbound emails to index, new, show, create.
 */
import type { Version } from "../mapper/version.js";
import { sym } from "../ruby/values.js";
import type { Drawer, Options } from "./draw.js";

export function drawActionMailbox(r: Drawer, version: Version): void {
  r.scope("/rails/action_mailbox", { module: "action_mailbox/ingresses" }, () => {
    for (const service of ["postmark", "relay", "sendgrid"]) {
      r.post(`/${service}/inbound_emails`, `${service}/inbound_emails#create`, { as: sym(`rails_${service}_inbound_emails`) });
    }
    r.get("/mandrill/inbound_emails", "mandrill/inbound_emails#health_check", { as: sym("rails_mandrill_inbound_health_check") });
    r.post("/mandrill/inbound_emails", "mandrill/inbound_emails#create", { as: sym("rails_mandrill_inbound_emails") });
    r.post("/mailgun/inbound_emails/mime", "mailgun/inbound_emails#create", { as: sym("rails_mailgun_inbound_emails") });
  });
  r.scope("rails/conductor/action_mailbox/", { module: "rails/conductor/action_mailbox" }, () => {
    const options: Options = { as: sym("rails_conductor_inbound_emails") };
    if (version.gte(7, 1)) options.only = ["index", "new", "show", "create"].map(sym);
    r.resources("inbound_emails", options);
    if (version.gte(6, 1)) {
      r.getPath("inbound_emails/sources/new", { to: "inbound_emails/sources#new", as: sym("new_rails_conductor_inbound_email_source") });
      r.postPath("inbound_emails/sources", { to: "inbound_emails/sources#create", as: sym("rails_conductor_inbound_email_sources") });
    }
    r.post(":inbound_email_id/reroute", "reroutes#create", { as: sym("rails_conductor_inbound_email_reroute") });
    if (version.gte(7, 0)) r.post(":inbound_email_id/incinerate", "incinerates#create", { as: sym("rails_conductor_inbound_email_incinerate") });
  });
}
