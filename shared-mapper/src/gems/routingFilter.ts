/**
 * routing-filter's `filter` (svenfuchs/routing-filter, lib/routing_filter/adapters/routers/rails.rb,
 * 0.6–0.7): `ActionDispatch::Routing::Mapper#filter(*args)` is `@set.add_filters(*args)`, filters
 * that rewrite a request's path before recognition and a URL after generation (`filter :locale`
 * takes `/de/posts` to `/posts` with `locale: "de"`). It draws no route and changes none:
 * `rails routes` prints the same table, and the helpers take the same arguments. Which filters
 * exist (the gem's own, or an app's `RoutingFilter::X` class) is not checked: a name Rails cannot
 * build fails at boot, outside what the table shows.
 */
import type { Call, MapperState } from "../mapper/state.js";

export function routingFilter(_m: MapperState, _call: Call): void {
  // Nothing to draw: the filters live beside the route set, not in it.
}
