/**
 * Pundit's controller module (varvet/pundit lib/pundit/authorization.rb, 2.2 to 2.5): every
 * instance method it adds is `protected` or `private`, so including it adds no action.
 * `include Pundit` includes it from 2.2 on (lib/pundit.rb `self.included`); before 2.2,
 * `Pundit` itself defined public methods, which Routemap does not list.
 */
export function punditModule(name: string, version: string | undefined): string[] | undefined {
  const [major, minor] = (version ?? "99.0").split(".").map((n) => parseInt(n, 10));
  const modern = major > 2 || (major === 2 && minor >= 2);
  if (name === "Pundit::Authorization" || (name === "Pundit" && modern)) return [];
  return undefined;
}
