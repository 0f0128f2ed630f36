/**
 * Constants of Rack, which every Rails app loads, whose values differ between Rack's versions:
 * known only for the version the app's Gemfile.lock locks. `Rack::Utils::HTTP_STATUS_CODES`
 * follows Rack 2.2's lib/rack/utils.rb (checked against Rack 2.2.22 under Ruby 3.1); Rack 2.0,
 * 2.1 and 3.x list other codes and names, so for them the constant stays unknown.
 */
import { RHash, type RValue } from "../ruby/values.js";

const HTTP_STATUS_CODES_2_2: readonly [number, string][] = [
  [100, "Continue"],
  [101, "Switching Protocols"],
  [102, "Processing"],
  [103, "Early Hints"],
  [200, "OK"],
  [201, "Created"],
  [202, "Accepted"],
  [203, "Non-Authoritative Information"],
  [204, "No Content"],
  [205, "Reset Content"],
  [206, "Partial Content"],
  [207, "Multi-Status"],
  [208, "Already Reported"],
  [226, "IM Used"],
  [300, "Multiple Choices"],
  [301, "Moved Permanently"],
  [302, "Found"],
  [303, "See Other"],
  [304, "Not Modified"],
  [305, "Use Proxy"],
  [306, "(Unused)"],
  [307, "Temporary Redirect"],
  [308, "Permanent Redirect"],
  [400, "Bad Request"],
  [401, "Unauthorized"],
  [402, "Payment Required"],
  [403, "Forbidden"],
  [404, "Not Found"],
  [405, "Method Not Allowed"],
  [406, "Not Acceptable"],
  [407, "Proxy Authentication Required"],
  [408, "Request Timeout"],
  [409, "Conflict"],
  [410, "Gone"],
  [411, "Length Required"],
  [412, "Precondition Failed"],
  [413, "Payload Too Large"],
  [414, "URI Too Long"],
  [415, "Unsupported Media Type"],
  [416, "Range Not Satisfiable"],
  [417, "Expectation Failed"],
  [421, "Misdirected Request"],
  [422, "Unprocessable Entity"],
  [423, "Locked"],
  [424, "Failed Dependency"],
  [425, "Too Early"],
  [426, "Upgrade Required"],
  [428, "Precondition Required"],
  [429, "Too Many Requests"],
  [431, "Request Header Fields Too Large"],
  [451, "Unavailable for Legal Reasons"],
  [500, "Internal Server Error"],
  [501, "Not Implemented"],
  [502, "Bad Gateway"],
  [503, "Service Unavailable"],
  [504, "Gateway Timeout"],
  [505, "HTTP Version Not Supported"],
  [506, "Variant Also Negotiates"],
  [507, "Insufficient Storage"],
  [508, "Loop Detected"],
  [509, "Bandwidth Limit Exceeded"],
  [510, "Not Extended"],
  [511, "Network Authentication Required"],
];

/** The value of a Rack constant for the locked Rack version, or undefined when Routemap does not know it. */
export function rackConstant(path: string, rackVersion: string | undefined): RValue | undefined {
  if (path !== "Rack::Utils::HTTP_STATUS_CODES" || !rackVersion || !/^2\.2\./.test(rackVersion)) return undefined;
  return RHash.fromArrays(HTTP_STATUS_CODES_2_2.map(([k]) => k), HTTP_STATUS_CODES_2_2.map(([, v]) => v));
}
