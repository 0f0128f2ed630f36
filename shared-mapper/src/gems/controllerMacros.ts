/**
 * Gems' class macros that give a controller its actions by including modules or defining methods
 * as the class body runs, which Routemap does not model: a controller calling one has actions
 * Routemap cannot list, said as unknown, never as missing.
 *
 * - inherited_resources (1.13, lib/inherited_resources.rb): `inherit_resources`, defined on
 *   ActionController::Base, runs `InheritedResources::Base.inherit_resources(self)`, which includes
 *   InheritedResources::Actions (index, show, new, create, edit, update, destroy), and the class's
 *   `actions :index, :show` (class_methods.rb) undefines the others, `custom_actions resource:
 *   :archive` defines more with `class_eval`.
 */
const MACROS: ReadonlyMap<string, string> = new Map([["inherit_resources", "inherited_resources"]]);

/**
 * The gem whose macro `name` is, where the app may have it: locked in Gemfile.lock, or any gem where
 * Routemap has no lockfile (`gems` undefined).
 */
export function gemControllerMacro(name: string, gems: Readonly<Record<string, string>> | undefined): string | undefined {
  const gem = MACROS.get(name);
  return gem !== undefined && (!gems || gems[gem] !== undefined) ? gem : undefined;
}
