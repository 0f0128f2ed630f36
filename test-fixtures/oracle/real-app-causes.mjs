// Why Routemap's rows differ from Rails' on the public apps of real-apps.json: each cause with
// the Routemap area it belongs to, a minimal Ruby snippet reproducing it, what Rails 6.1 gives
// and what Routemap gives, and which differences of the comparison it accounts for (by app, the
// declaring `file:line` at the pinned commit, the row's text). scripts/compare-apps.mjs puts
// every difference under the first cause that matches; the rest are "unclassified".
export const CAUSES = [];
