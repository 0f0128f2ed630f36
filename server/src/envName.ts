/**
 * A Rails environment's name (`--env`, the `railsEnv` setting) is a name, not a path: Rails
 * reads `config/environments/#{Rails.env}.rb`, so `../../outside/x` would name a file outside
 * the app. Rails itself takes any string from RAILS_ENV; the names apps use (`development`,
 * `staging`, `review-app`, `qa_2`) are letters, digits, `_` and `-`, and only those are taken.
 */
const ENV_NAME = /^[A-Za-z0-9_][A-Za-z0-9_-]*$/;

/** Why `name` is not taken as an environment's name, or undefined when it is one. */
export function envNameProblem(name: string): string | undefined {
  if (ENV_NAME.test(name) && name.length <= 100) return undefined;
  return `\`${name.length > 40 ? name.slice(0, 40) + "…" : name}\` is not an environment name: Rails reads config/environments/<name>.rb, and Routemap takes only names of letters, digits, \`_\` and \`-\``;
}
