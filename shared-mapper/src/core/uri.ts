/**
 * Ruby's URI, as apps hand one to an endpoint object a route prints (`@host =
 * URI.parse(opts.fetch(:host))`): `URI.parse` and `URI(…)` with the RFC 3986 parser every Ruby of
 * 2.2 to 3.4 uses (uri/rfc3986_parser.rb), the readers of uri/generic.rb and uri/http.rb, `to_s`
 * and `inspect`.
 *
 * Only what is the same in every Ruby Routemap follows is computed: `http:` and `https:` URIs
 * with an authority, and references without a scheme (URI::Generic). Another scheme's class
 * depends on the Ruby (`wss:` is URI::Generic in 3.1, URI::WSS from 3.2) or has rules of its own
 * (FTP's path, MailTo's headers); such a URI, and any text this reading does not take, is
 * unknown, never guessed. Text no URI can be (a space, a bad `%` escape, not a String) raises
 * Ruby's URI::InvalidURIError.
 */
import { inspect } from "../ruby/print.js";
import { DEFAULT_PORT, uriText } from "../ruby/uriText.js";
import { RUnknown, RUri, RValue, stringValue } from "../ruby/values.js";
import { arity, rubyError, str, type Methods, type Result, type Runtime } from "./runtime.js";

const U = "A-Za-z0-9\\-._~";
const SUB = "!$&'()*+,;=";
const PCT = "%[0-9A-Fa-f]{2}";
const PCHAR = `(?:[${U}${SUB}:@]|${PCT})`;
const PATH_ABEMPTY = `(?:/${PCHAR}*)*`;
const USERINFO = `(?:[${U}${SUB}:]|${PCT})*`;
const REG_NAME = `(?:[${U}${SUB}]|${PCT})*`;
// IPv6 as written in apps' settings (`[::1]`); anything else in brackets is left unknown.
const IP_LITERAL = "\\[(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}\\]";
const AUTHORITY = `(?:(${USERINFO})@)?(${IP_LITERAL}|${REG_NAME})(?::([0-9]*))?`;
const QUERY = `(?:${PCHAR}|[/?])*`;
const TAIL = `(?:\\?(${QUERY}))?(?:#(${QUERY}))?`;

/** `http://…` and `https://…` with an authority: scheme, userinfo, host, port, path, query, fragment. */
const HTTP = new RegExp(`^(https?)://${AUTHORITY}(${PATH_ABEMPTY})${TAIL}$`, "i");
/** A relative reference: `//host/p`, `/p`, `p` (no `:` in its first segment), or nothing. */
const RELATIVE = new RegExp(
  `^(?://${AUTHORITY}(${PATH_ABEMPTY})|(/(?:${PCHAR}+(?:/${PCHAR}*)*)?|(?:[${U}${SUB}@]|${PCT})+(?:/${PCHAR}*)*)?)${TAIL}$`,
);
/** Characters no URI holds, and `%` not followed by two hex digits: Ruby's parser raises on them. */
const NEVER = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]%]|%(?![0-9A-Fa-f]{2})/;

const invalid = (v: RValue | undefined) => rubyError("URI::InvalidURIError", `bad URI(is not URI?): ${inspect(v)}`);

/** An unknown URI, and why. */
const unknownUri = (text: string, why: string) => new RUnknown(`URI.parse(${inspect(text)})`, false, why);

/** `URI.parse(text)`; unknown where the answer depends on the Ruby, or this reading does not take the text. */
export function uriParse(v: RValue | undefined): RUri | RUnknown {
  const text = stringValue(v);
  if (text === undefined) throw invalid(v);
  // Ruby's message quotes non-ASCII text as String#dump does: not worth a guess.
  if (/[^\x00-\x7f]/.test(text)) return unknownUri(text, "a URI with characters beyond ASCII, which Routemap does not parse");
  if (NEVER.test(text)) throw invalid(v);
  const http = HTTP.exec(text);
  // A port past what a double holds exactly is Ruby's Bignum: not a port anyone writes.
  if ((http?.[4] ?? "").length > 15) return unknownUri(text, "a URI whose port has more digits than Routemap reads");
  if (http) {
    const [, scheme, userinfo, host, port, path, query, fragment] = http;
    const lower = scheme.toLowerCase();
    const className = lower === "https" ? "URI::HTTPS" : "URI::HTTP";
    const number = port ? Number(port) : DEFAULT_PORT[className];
    // An empty userinfo (`http://@x.com`) is none, as Ruby reads it.
    return new RUri(className, { scheme: lower, userinfo: userinfo || null, host, port: number, path, query: query ?? null, fragment: fragment ?? null });
  }
  const rel = RELATIVE.exec(text);
  if (!rel) {
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text)?.[1];
    const why = !scheme
      ? "text Routemap's reading of URIs does not take"
      : /^https?$/i.test(scheme)
        ? `an ${scheme} URI without \`//\` and a host, which Routemap does not parse`
        : `a \`${scheme}:\` URI, whose class and parts Routemap computes only for http and https`;
    return unknownUri(text, why);
  }
  const [, userinfo, host, port, netPath, path, query, fragment] = rel;
  return new RUri("URI::Generic", {
    scheme: null,
    userinfo: userinfo || null,
    host: host ?? null,
    port: port ? Number(port) : null,
    path: netPath ?? path ?? "",
    query: query ?? null,
    fragment: fragment ?? null,
  });
}

/** `==`: the same class and the same parts once normalized (scheme and host in lower case, an HTTP path `/` where empty). */
function normalized(u: RUri): string {
  const p = u.parts;
  const path = p.path === "" && u.className !== "URI::Generic" && p.host !== null ? "/" : p.path;
  return `${u.className} ${uriText(new RUri(u.className, { ...p, host: p.host?.toLowerCase() ?? null, path }))}`;
}

const text = (v: string | null): Result => (v === null ? null : str(v));

/**
 * `URI.escape` and `URI.encode`, obsolete since Ruby 2.7 and gone in 3.0: NoMethodError there
 * (eshelf's routes; Rails does not boot). Before 3.0 Routemap has no answer (an unknown value).
 */
const removedIn30 = (name: string) => (rt: Runtime): Result => {
  if (!rt.ruby.keywordsSeparated) return undefined;
  const method = rt.ruby.modernHashInspect ? `'${name}'` : `\`${name}'`;
  throw rubyError("NoMethodError", `undefined method ${method} for ${rt.ruby.receiverByClass ? "module URI" : "URI:Module"}`);
};

/** `URI.parse`, `URI(…)`. */
export const URI_CLASS: Methods<unknown> = {
  parse: (_rt, _c, args) => (arity(args, 1), uriParse(args[0])),
  escape: removedIn30("escape"),
  encode: removedIn30("encode"),
};

/** `URI(x)`: a URI as it is, a String parsed. */
export const uriKernel = (args: RValue[]): Result => (arity(args, 1), args[0] instanceof RUri ? args[0] : uriParse(args[0]));

/** A URI's own methods (Generic's readers, and HTTP's `request_uri`). */
export const URI_METHODS: Methods<RUri> = {
  to_s: (_rt, u) => str(uriText(u)),
  scheme: (_rt, u) => text(u.parts.scheme),
  userinfo: (_rt, u) => text(u.parts.userinfo),
  user: (_rt, u) => text(u.parts.userinfo === null ? null : u.parts.userinfo.split(":")[0]),
  password: (_rt, u) => text(u.parts.userinfo?.includes(":") ? u.parts.userinfo.slice(u.parts.userinfo.indexOf(":") + 1) : null),
  host: (_rt, u) => text(u.parts.host),
  hostname: (_rt, u) => text(u.parts.host === null ? null : u.parts.host.replace(/^\[(.*)\]$/, "$1")),
  port: (_rt, u) => u.parts.port,
  default_port: (_rt, u) => DEFAULT_PORT[u.className] ?? null,
  path: (_rt, u) => str(u.parts.path),
  query: (_rt, u) => text(u.parts.query),
  fragment: (_rt, u) => text(u.parts.fragment),
  "absolute?": (_rt, u) => u.parts.scheme !== null,
  "relative?": (_rt, u) => u.parts.scheme === null,
  request_uri: (_rt, u) => (u.className === "URI::Generic" ? undefined : str(`${u.parts.path || "/"}${u.parts.query !== null ? `?${u.parts.query}` : ""}`)),
  "==": (_rt, u, args) => (arity(args, 1), args[0] instanceof RUri && normalized(args[0]) === normalized(u)),
};
