// Row by row comparison of Rails' routes (public_app_routes.rb's rows) with Routemap's
// (`routemap routes --json`). A row is its engine, name, verb, path and `controller#action
// {requirements}` (or endpoint), as the sheet prints them; order is not compared here (the
// byte-for-byte comparison of the sheets is).
//
// Rows that depend on a stand-in for a gem Debian lacks are set aside as unverifiable, never
// counted as matches: Rails' rows whose endpoint, constraint or default is a stub; Routemap's
// rows declared where a missing gem's routing DSL was called, or inside an engine that is a
// stub; and, on Routemap's side, the rows equal to an unverifiable Rails row.

/**
 * The routes (by their `controller#action`) that Devise modules of gems Debian lacks add (their
 * `Devise.add_module … route:`), which Rails' table cannot have.
 */
const DEVISE_GEM_ROUTES = {
  // devise_invitable: `Devise.add_module :invitable, controller: :invitations, route: { invitation: … }`.
  invitable: { reqs: /invitations#/, name: "invitation" },
  // devise-two-factor: `Devise.add_module :two_factor_authenticatable, route: :session, controller: :sessions`.
  two_factor_authenticatable: { reqs: /sessions#(new|create|destroy)\b/, name: "session" },
};

/** Whether a row is one the Devise module of a missing gem adds for `model` (`admin_user`). */
function deviseGemRoute(stub, row) {
  const route = DEVISE_GEM_ROUTES[stub.module];
  return Boolean(route && route.reqs.test(row.reqs) && new RegExp(`(^|_)${stub.model}_${route.name}$`).test(row.name ?? ""));
}

/**
 * An object's address in an endpoint (`#<Proc:0x00007ff4e3f246a0 config/routes.rb:435>`) is the
 * process's, not the app's: compared without it. Routemap shows it marked as unknown (`«0x…»`).
 */
export const withoutAddresses = (text) => text.replace(/#<([A-Z][\w:]*):(?:0x[0-9a-f]+|«0x…»)/g, "#<$1:0x…");

/** The comparison key of a row. */
export const rowKey = (r) => `${r.engine ?? ""}\t${r.name ?? ""}\t${r.verb}\t${r.path}\t${withoutAddresses(r.reqs)}`;

/** Routemap's JSON rows in the shape of Rails' rows. */
export function routemapRows(json) {
  // `routes --json` is a versioned document since i29 (`{ version, routes }`); a bare list before.
  return (Array.isArray(json) ? json : json.routes).map((r) => ({
    name: r.name ?? "", verb: r.verb ?? "", path: r.path, reqs: r.reqs, engine: r.engine ?? null,
    source: r.file ? `${r.file}:${r.line}` : null,
    // Marked in the sheet as not certain («only if …», «in the block of …»): a match on its key
    // is counted apart, as Rails' row with Routemap unsure of it, not as Routemap knowing it.
    marked: Boolean(r.conditions?.length || r.unknownScope !== undefined),
  }));
}

/** Takes one row of `key` out of a multiset of rows (key → rows); the row, or undefined. */
function take(bag, key) {
  const rows = bag.get(key);
  if (!rows?.length) return undefined;
  const row = rows.shift();
  if (!rows.length) bag.delete(key);
  return row;
}

function bagOf(rows, key = rowKey) {
  const bag = new Map();
  for (const r of rows) {
    const k = key(r);
    if (!bag.has(k)) bag.set(k, []);
    bag.get(k).push(r);
  }
  return bag;
}

/** The fields two paired rows differ in. */
const differingFields = (a, b) => ["engine", "name", "verb", "path", "reqs"].filter((f) => withoutAddresses(a[f] ?? "") !== withoutAddresses(b[f] ?? ""));

/**
 * Compares Rails' rows with Routemap's. `stubbedDsl` are the calls of a missing gem's routing
 * DSL, which drew nothing in Rails (`{at: "file:line", through: lastLineOfItsBlock}`);
 * `stubEngines` the endpoints of mounted stubs; `stubbedDevise` Devise modules of missing gems (`{module, model}`).
 */
export function compareRows({ rails, routemap, stubbedDsl = [], stubEngines = [], stubbedDevise = [] }) {
  // `file:line`s of the calls, and every line of their blocks.
  const stubLines = new Set();
  for (const { at, through } of stubbedDsl) {
    const [, file, line] = /^(.+):(\d+)$/.exec(at);
    for (let n = Number(line); n <= (through ?? Number(line)); n++) stubLines.add(`${file}:${n}`);
  }
  const stubEngineSet = new Set(stubEngines);
  const unverifiable = { rails: rails.filter((r) => r.stub), routemap: [] };
  const ours = [];
  // A Devise gem's unnamed rows (`PUT /users/invitation`) go with its named rows of the same line.
  // Not a row Rails has too, from the same line: the app's own (helpy's `as :user do get
  // "/users/invitation/accept" => "devise/invitations#edit", as: :accept_user_invitation`).
  const lineRow = (r) => `${r.source}\t${rowKey(r)}`;
  const railsOwn = new Set(rails.filter((r) => !r.stub).map(lineRow));
  const gemRoute = (r) => !railsOwn.has(lineRow(r)) && stubbedDevise.some((stub) => deviseGemRoute(stub, r));
  const deviseLines = new Set(routemap.filter(gemRoute).map((r) => r.source));
  const deviseRow = (r) =>
    gemRoute(r) ||
    (!r.name && deviseLines.has(r.source) && !railsOwn.has(lineRow(r)) && stubbedDevise.some((stub) => DEVISE_GEM_ROUTES[stub.module]?.reqs.test(r.reqs)));
  const inStub = routemap.map((r) => !!r.source && stubLines.has(r.source));
  // Rows the block of a stubbed call drew through the app's own routing methods (panoptes'
  // `json_api_resources` inside versionist's `api_version do … end`): their source is the
  // method's line in lib/, not the block's; drawn in the table's order, they sit next to the
  // block's own rows. A run of rows from the app's own Ruby (lib/, app/) beside such a row goes
  // with it (not an engine's or the framework's rows, whose sources are elsewhere).
  const outside = (r) => !!r.source && /^(?:lib|app)\//.test(r.source);
  // Only a row Rails does not have as it is: a neighbour Rails drew too is the app's own
  // (myplaceonline's RouteHelpers rows beside its stubbed `mount Ckeditor::Engine`: 22 rows were
  // set aside on Routemap's side only and counted "only in Rails").
  const railsRows = new Set(rails.filter((r) => !r.stub).map(rowKey));
  const direct = [...inStub];
  for (let i = 0; i < routemap.length; i++) {
    if (!inStub[i] || !outside(routemap[i + 1] ?? {})) continue;
    for (let j = i + 1; j < routemap.length && outside(routemap[j]) && !inStub[j]; j++) inStub[j] = true;
  }
  for (let i = routemap.length - 1; i >= 0; i--) {
    if (!inStub[i] || !outside(routemap[i - 1] ?? {})) continue;
    for (let j = i - 1; j >= 0 && outside(routemap[j]) && !inStub[j]; j--) inStub[j] = true;
  }
  routemap.forEach((r, i) => {
    const stubbed = (inStub[i] && (direct[i] || !railsRows.has(rowKey(r)))) || (r.engine && stubEngineSet.has(r.engine)) || deviseRow(r);
    if (stubbed) unverifiable.routemap.push(r);
    else ours.push(r);
  });
  // Routemap's counterparts of Rails' unverifiable rows are unverifiable too: the same row, or
  // the same verb and path declared on the same line (a mounted stub's name is the stub's).
  const ourBag = bagOf(ours);
  const lineKey = (r) => `${r.source}\t${r.verb}\t${r.path}`;
  const stubLinesRails = bagOf(unverifiable.rails.filter((r) => r.source), lineKey);
  for (const r of unverifiable.rails) {
    const twin = take(ourBag, rowKey(r));
    if (twin) unverifiable.routemap.push(twin);
  }
  for (const [key, rows] of [...ourBag]) {
    const kept = rows.filter((r) => !(r.source && take(stubLinesRails, lineKey(r)) && unverifiable.routemap.push(r)));
    if (kept.length) ourBag.set(key, kept);
    else ourBag.delete(key);
  }
  let matched = 0;
  let matchedMarked = 0;
  const unmatchedRails = [];
  for (const r of rails) {
    if (r.stub) continue;
    const twin = take(ourBag, rowKey(r));
    if (!twin) unmatchedRails.push(r);
    else if (twin.marked) matchedMarked++;
    else matched++;
  }
  const unmatchedOurs = [...ourBag.values()].flat();
  return { matched, matchedMarked, unverifiable, diffs: pairUp(unmatchedRails, unmatchedOurs) };
}

/**
 * Pairs the rows left on both sides: same engine, verb and path first (a name or requirement
 * differs), then the same name (a path differs), then the same declaration line in order; the
 * rest are rows only one side has.
 */
function pairUp(railsRows, ourRows) {
  const diffs = [];
  let left = ourRows;
  let pending = railsRows;
  const keys = [
    (r) => `${r.engine ?? ""}\t${r.verb}\t${r.path}`,
    (r) => (r.name ? `${r.engine ?? ""}\t${r.name}` : null),
    (r) => (r.source ? `${r.engine ?? ""}\t${r.source}` : null),
  ];
  for (const key of keys) {
    const bag = bagOf(left.filter((r) => key(r) !== null), key);
    const still = [];
    for (const r of pending) {
      const k = key(r);
      const twin = k === null ? undefined : take(bag, k);
      if (twin) diffs.push({ kind: "differs", rails: r, routemap: twin, fields: differingFields(r, twin) });
      else still.push(r);
    }
    pending = still;
    const paired = new Set(diffs.map((d) => d.routemap));
    left = left.filter((r) => !paired.has(r));
  }
  for (const r of pending) diffs.push({ kind: "only-rails", rails: r, routemap: null, fields: [] });
  for (const r of left) diffs.push({ kind: "only-routemap", rails: null, routemap: r, fields: [] });
  return diffs;
}

/** Whether two lists of rows are the same rows in the same order, none of Routemap's marked as not certain. */
export function sameOrder(a, b) {
  return a.length === b.length && a.every((r, i) => rowKey(r) === rowKey(b[i]) && !r.marked && !b[i].marked);
}
