/**
 * Data: `Rack::Utils::HTTP_STATUS_CODES` as each release of Rack defines it, in lib/rack/utils.rb
 * of rack/rack (the hash literal, in its order). Copied from the tagged sources of every release
 * in each range: the table is the same text in all of them (2.0.0–2.0.9; 2.1.0–2.2.24 and
 * 3.0.0–3.0.18; 3.1.0–3.2.7). Rack 2.2's was also checked against Rack 2.2.22 under Ruby 3.1.
 * A version outside these ranges (a later release) has no table here: the constant is unknown.
 */

export type StatusTable = readonly (readonly [number, string])[];

export interface RackStatusCodes {
  /** The first and the last release checked, inclusive. */
  readonly from: string;
  readonly to: string;
  readonly codes: StatusTable;
}

export const RACK_HTTP_STATUS_CODES: readonly RackStatusCodes[] = [
  {
    from: "2.0.0",
    to: "2.0.9",
    codes: [
      [100, "Continue"], [101, "Switching Protocols"], [102, "Processing"], [200, "OK"], [201, "Created"],
      [202, "Accepted"], [203, "Non-Authoritative Information"], [204, "No Content"], [205, "Reset Content"],
      [206, "Partial Content"], [207, "Multi-Status"], [208, "Already Reported"], [226, "IM Used"],
      [300, "Multiple Choices"], [301, "Moved Permanently"], [302, "Found"], [303, "See Other"],
      [304, "Not Modified"], [305, "Use Proxy"], [307, "Temporary Redirect"], [308, "Permanent Redirect"],
      [400, "Bad Request"], [401, "Unauthorized"], [402, "Payment Required"], [403, "Forbidden"],
      [404, "Not Found"], [405, "Method Not Allowed"], [406, "Not Acceptable"],
      [407, "Proxy Authentication Required"], [408, "Request Timeout"], [409, "Conflict"], [410, "Gone"],
      [411, "Length Required"], [412, "Precondition Failed"], [413, "Payload Too Large"], [414, "URI Too Long"],
      [415, "Unsupported Media Type"], [416, "Range Not Satisfiable"], [417, "Expectation Failed"],
      [421, "Misdirected Request"], [422, "Unprocessable Entity"], [423, "Locked"], [424, "Failed Dependency"],
      [426, "Upgrade Required"], [428, "Precondition Required"], [429, "Too Many Requests"],
      [431, "Request Header Fields Too Large"], [451, "Unavailable for Legal Reasons"],
      [500, "Internal Server Error"], [501, "Not Implemented"], [502, "Bad Gateway"],
      [503, "Service Unavailable"], [504, "Gateway Timeout"], [505, "HTTP Version Not Supported"],
      [506, "Variant Also Negotiates"], [507, "Insufficient Storage"], [508, "Loop Detected"],
      [510, "Not Extended"], [511, "Network Authentication Required"],
    ],
  },
  {
    from: "2.1.0",
    to: "3.0.18",
    codes: [
      [100, "Continue"], [101, "Switching Protocols"], [102, "Processing"], [103, "Early Hints"], [200, "OK"],
      [201, "Created"], [202, "Accepted"], [203, "Non-Authoritative Information"], [204, "No Content"],
      [205, "Reset Content"], [206, "Partial Content"], [207, "Multi-Status"], [208, "Already Reported"],
      [226, "IM Used"], [300, "Multiple Choices"], [301, "Moved Permanently"], [302, "Found"],
      [303, "See Other"], [304, "Not Modified"], [305, "Use Proxy"], [306, "(Unused)"],
      [307, "Temporary Redirect"], [308, "Permanent Redirect"], [400, "Bad Request"], [401, "Unauthorized"],
      [402, "Payment Required"], [403, "Forbidden"], [404, "Not Found"], [405, "Method Not Allowed"],
      [406, "Not Acceptable"], [407, "Proxy Authentication Required"], [408, "Request Timeout"],
      [409, "Conflict"], [410, "Gone"], [411, "Length Required"], [412, "Precondition Failed"],
      [413, "Payload Too Large"], [414, "URI Too Long"], [415, "Unsupported Media Type"],
      [416, "Range Not Satisfiable"], [417, "Expectation Failed"], [421, "Misdirected Request"],
      [422, "Unprocessable Entity"], [423, "Locked"], [424, "Failed Dependency"], [425, "Too Early"],
      [426, "Upgrade Required"], [428, "Precondition Required"], [429, "Too Many Requests"],
      [431, "Request Header Fields Too Large"], [451, "Unavailable for Legal Reasons"],
      [500, "Internal Server Error"], [501, "Not Implemented"], [502, "Bad Gateway"],
      [503, "Service Unavailable"], [504, "Gateway Timeout"], [505, "HTTP Version Not Supported"],
      [506, "Variant Also Negotiates"], [507, "Insufficient Storage"], [508, "Loop Detected"],
      [509, "Bandwidth Limit Exceeded"], [510, "Not Extended"], [511, "Network Authentication Required"],
    ],
  },
  {
    from: "3.1.0",
    to: "3.2.7",
    codes: [
      [100, "Continue"], [101, "Switching Protocols"], [102, "Processing"], [103, "Early Hints"], [200, "OK"],
      [201, "Created"], [202, "Accepted"], [203, "Non-Authoritative Information"], [204, "No Content"],
      [205, "Reset Content"], [206, "Partial Content"], [207, "Multi-Status"], [208, "Already Reported"],
      [226, "IM Used"], [300, "Multiple Choices"], [301, "Moved Permanently"], [302, "Found"],
      [303, "See Other"], [304, "Not Modified"], [305, "Use Proxy"], [307, "Temporary Redirect"],
      [308, "Permanent Redirect"], [400, "Bad Request"], [401, "Unauthorized"], [402, "Payment Required"],
      [403, "Forbidden"], [404, "Not Found"], [405, "Method Not Allowed"], [406, "Not Acceptable"],
      [407, "Proxy Authentication Required"], [408, "Request Timeout"], [409, "Conflict"], [410, "Gone"],
      [411, "Length Required"], [412, "Precondition Failed"], [413, "Content Too Large"], [414, "URI Too Long"],
      [415, "Unsupported Media Type"], [416, "Range Not Satisfiable"], [417, "Expectation Failed"],
      [421, "Misdirected Request"], [422, "Unprocessable Content"], [423, "Locked"], [424, "Failed Dependency"],
      [425, "Too Early"], [426, "Upgrade Required"], [428, "Precondition Required"], [429, "Too Many Requests"],
      [431, "Request Header Fields Too Large"], [451, "Unavailable For Legal Reasons"],
      [500, "Internal Server Error"], [501, "Not Implemented"], [502, "Bad Gateway"],
      [503, "Service Unavailable"], [504, "Gateway Timeout"], [505, "HTTP Version Not Supported"],
      [506, "Variant Also Negotiates"], [507, "Insufficient Storage"], [508, "Loop Detected"],
      [511, "Network Authentication Required"],
    ],
  },
];
