/**
 * Onigmo's character types for Ruby: `\d \w \s \h` (ASCII unless `(?u)`), the Unicode word
 * characters `\b` uses, POSIX brackets (`[[:alpha:]]`, Unicode unless `(?a)`) and `\p{…}`
 * properties. The Unicode definitions follow Ruby's enc/unicode (tool/enc-unicode.rb:
 * Alpha = Alphabetic, Word = Alpha + Mark + Nd + Pc, Graph = Assigned − Space − Cc − Cs,
 * `[[:punct:]]` = P + `$+<=>^`|~`…); membership is asked of JavaScript's own `\p{…}` tables,
 * one character at a time through a fixed expression (never a user's pattern), so a
 * character assigned after Ruby's Unicode version may read differently.
 */
import { items, spec, type ClassItems, type ClassSpec, type Pred } from "./charClass.js";

function v8(expr: string): Pred | undefined {
  let re: RegExp;
  try {
    re = new RegExp(`^[${expr}]$`, "u");
  } catch {
    return undefined;
  }
  return (cp) => re.test(String.fromCodePoint(cp));
}

const memo = new Map<string, Pred | undefined>();
function prop(expr: string): Pred {
  if (!memo.has(expr)) memo.set(expr, v8(expr));
  const p = memo.get(expr);
  if (!p) throw new Error(`internal: JavaScript lacks ${expr}`);
  return p;
}

export const ASCII_DIGIT = [0x30, 0x39];
export const ASCII_WORD = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
export const ASCII_SPACE = [0x09, 0x0d, 0x20, 0x20];
export const HEX = [0x30, 0x39, 0x41, 0x46, 0x61, 0x66];

const ALPHA = "\\p{Alphabetic}";
const WORD = "\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}";

/** `\b`'s word characters: Unicode's, as Ruby's default (ONIG_OPTION_WORD_BOUND_ALL_RANGE). */
export function isUnicodeWord(cp: number): boolean {
  if (cp < 0x80) return isAsciiWord(cp);
  return prop(WORD)(cp);
}

export function isAsciiWord(cp: number): boolean {
  return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x30 && cp <= 0x39) || cp === 0x5f;
}

const graph: Pred = (cp) => prop("\\p{Assigned}")(cp) && !prop("\\p{White_Space}\\p{Cc}\\p{Cs}")(cp);

/** The POSIX bracket's items (Unicode), or undefined for an unknown name. */
function posixUnicode(name: string): ClassItems | undefined {
  switch (name) {
    case "alpha":
      return items([], [prop(ALPHA)]);
    case "alnum":
      return items([], [prop(ALPHA + "\\p{Nd}")]);
    case "ascii":
      return items([0, 0x7f]);
    case "blank":
      return items([0x09, 0x09], [prop("\\p{Zs}")]);
    case "cntrl":
      return items([], [prop("\\p{Cc}")]);
    case "digit":
      return items([], [prop("\\p{Nd}")]);
    case "graph":
      return items([], [graph]);
    case "lower":
      return items([], [prop("\\p{Lowercase}")]);
    case "print":
      return items([], [graph, prop("\\p{Zs}")]);
    case "punct":
      return items([0x24, 0x24, 0x2b, 0x2b, 0x3c, 0x3e, 0x5e, 0x5e, 0x60, 0x60, 0x7c, 0x7c, 0x7e, 0x7e], [prop("\\p{P}")]);
    case "space":
      return items([], [prop("\\p{White_Space}")]);
    case "upper":
      return items([], [prop("\\p{Uppercase}")]);
    case "xdigit":
      return items([...HEX]);
    case "word":
      return items([], [prop(WORD)]);
    default:
      return undefined;
  }
}

const POSIX = new Set(["alpha", "alnum", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper", "xdigit", "word"]);

/** `[:name:]` inside a class; `ascii` for `(?a)`: only ASCII members. */
export function posixBracket(name: string, ascii: boolean): ClassSpec | undefined {
  if (!POSIX.has(name)) return undefined;
  const unicode = posixUnicode(name)!;
  return ascii ? spec(false, unicode, items([0, 0x7f])) : spec(false, unicode);
}

/** `\d \w \s \h` and their negations, ASCII or (`(?u)`) Unicode. */
export function typeClass(letter: string, unicode: boolean): ClassSpec {
  const lower = letter.toLowerCase();
  let it: ClassItems;
  if (lower === "h") it = items([...HEX]);
  else if (!unicode) it = items(lower === "d" ? [...ASCII_DIGIT] : lower === "w" ? [...ASCII_WORD] : [...ASCII_SPACE]);
  else it = items([], [prop(lower === "d" ? "\\p{Nd}" : lower === "w" ? WORD : "\\p{White_Space}")]);
  return spec(letter !== lower, it);
}

/** General categories: Onigmo's names (long and short, compared loosely) → JavaScript's. */
const CATEGORIES: Record<string, string> = {
  l: "L", letter: "L", lu: "Lu", uppercaseletter: "Lu", ll: "Ll", lowercaseletter: "Ll", lt: "Lt", titlecaseletter: "Lt",
  lm: "Lm", modifierletter: "Lm", lo: "Lo", otherletter: "Lo", lc: "LC", casedletter: "LC",
  m: "M", mark: "M", combiningmark: "M", mn: "Mn", nonspacingmark: "Mn", mc: "Mc", spacingmark: "Mc", me: "Me", enclosingmark: "Me",
  n: "N", number: "N", nd: "Nd", decimalnumber: "Nd", nl: "Nl", letternumber: "Nl", no: "No", othernumber: "No",
  p: "P", punctuation: "P", pc: "Pc", connectorpunctuation: "Pc", pd: "Pd", dashpunctuation: "Pd", ps: "Ps", openpunctuation: "Ps",
  pe: "Pe", closepunctuation: "Pe", pi: "Pi", initialpunctuation: "Pi", pf: "Pf", finalpunctuation: "Pf", po: "Po", otherpunctuation: "Po",
  s: "S", symbol: "S", sm: "Sm", mathsymbol: "Sm", sc: "Sc", currencysymbol: "Sc", sk: "Sk", modifiersymbol: "Sk", so: "So", othersymbol: "So",
  z: "Z", separator: "Z", zs: "Zs", spaceseparator: "Zs", zl: "Zl", lineseparator: "Zl", zp: "Zp", paragraphseparator: "Zp",
  c: "C", other: "C", cc: "Cc", control: "Cc", cf: "Cf", format: "Cf", cs: "Cs", surrogate: "Cs", co: "Co", privateuse: "Co", cn: "Cn", unassigned: "Cn",
};

/** Binary properties both engines know, by their Unicode names. */
const BINARY = [
  "Alphabetic", "Any", "ASCII_Hex_Digit", "Assigned", "Bidi_Control", "Bidi_Mirrored", "Case_Ignorable", "Cased", "Changes_When_Casefolded",
  "Changes_When_Casemapped", "Changes_When_Lowercased", "Changes_When_NFKC_Casefolded", "Changes_When_Titlecased", "Changes_When_Uppercased",
  "Dash", "Default_Ignorable_Code_Point", "Deprecated", "Diacritic", "Emoji", "Emoji_Component", "Emoji_Modifier", "Emoji_Modifier_Base",
  "Emoji_Presentation", "Extended_Pictographic", "Extender", "Grapheme_Base", "Grapheme_Extend", "Hex_Digit", "ID_Continue", "ID_Start",
  "Ideographic", "IDS_Binary_Operator", "IDS_Trinary_Operator", "Join_Control", "Logical_Order_Exception", "Lowercase", "Math",
  "Noncharacter_Code_Point", "Pattern_Syntax", "Pattern_White_Space", "Quotation_Mark", "Radical", "Regional_Indicator", "Sentence_Terminal",
  "Soft_Dotted", "Terminal_Punctuation", "Unified_Ideograph", "Uppercase", "Variation_Selector", "White_Space", "XID_Continue", "XID_Start",
];

/** Scripts by their Unicode names (Onigmo takes the long names). */
const SCRIPTS = [
  "Adlam", "Ahom", "Anatolian_Hieroglyphs", "Arabic", "Armenian", "Avestan", "Balinese", "Bamum", "Bassa_Vah", "Batak", "Bengali", "Bhaiksuki",
  "Bopomofo", "Brahmi", "Braille", "Buginese", "Buhid", "Canadian_Aboriginal", "Carian", "Caucasian_Albanian", "Chakma", "Cham", "Cherokee",
  "Chorasmian", "Common", "Coptic", "Cuneiform", "Cypriot", "Cyrillic", "Deseret", "Devanagari", "Dives_Akuru", "Dogra", "Duployan",
  "Egyptian_Hieroglyphs", "Elbasan", "Elymaic", "Ethiopic", "Georgian", "Glagolitic", "Gothic", "Grantha", "Greek", "Gujarati",
  "Gunjala_Gondi", "Gurmukhi", "Han", "Hangul", "Hanifi_Rohingya", "Hanunoo", "Hatran", "Hebrew", "Hiragana", "Imperial_Aramaic",
  "Inherited", "Inscriptional_Pahlavi", "Inscriptional_Parthian", "Javanese", "Kaithi", "Kannada", "Katakana", "Kayah_Li", "Kharoshthi",
  "Khitan_Small_Script", "Khmer", "Khojki", "Khudawadi", "Lao", "Latin", "Lepcha", "Limbu", "Linear_A", "Linear_B", "Lisu", "Lycian",
  "Lydian", "Mahajani", "Makasar", "Malayalam", "Mandaic", "Manichaean", "Marchen", "Masaram_Gondi", "Medefaidrin", "Meetei_Mayek",
  "Mende_Kikakui", "Meroitic_Cursive", "Meroitic_Hieroglyphs", "Miao", "Modi", "Mongolian", "Mro", "Multani", "Myanmar", "Nabataean",
  "Nandinagari", "New_Tai_Lue", "Newa", "Nko", "Nushu", "Nyiakeng_Puachue_Hmong", "Ogham", "Ol_Chiki", "Old_Hungarian", "Old_Italic",
  "Old_North_Arabian", "Old_Permic", "Old_Persian", "Old_Sogdian", "Old_South_Arabian", "Old_Turkic", "Oriya", "Osage", "Osmanya",
  "Pahawh_Hmong", "Palmyrene", "Pau_Cin_Hau", "Phags_Pa", "Phoenician", "Psalter_Pahlavi", "Rejang", "Runic", "Samaritan", "Saurashtra",
  "Sharada", "Shavian", "Siddham", "SignWriting", "Sinhala", "Sogdian", "Sora_Sompeng", "Soyombo", "Sundanese", "Syloti_Nagri", "Syriac",
  "Tagalog", "Tagbanwa", "Tai_Le", "Tai_Tham", "Tai_Viet", "Takri", "Tamil", "Tangut", "Telugu", "Thaana", "Thai", "Tibetan", "Tifinagh",
  "Tirhuta", "Ugaritic", "Vai", "Wancho", "Warang_Citi", "Yezidi", "Yi", "Zanabazar_Square",
];

const loose = (name: string) => name.toLowerCase().replace(/[\s_-]/g, "");
let named: Map<string, string> | undefined;

function namedProperties(): Map<string, string> {
  if (named) return named;
  named = new Map();
  for (const [k, v] of Object.entries(CATEGORIES)) named.set(k, `\\p{gc=${v}}`);
  for (const b of BINARY) named.set(loose(b), `\\p{${b}}`);
  for (const s of SCRIPTS) named.set(loose(s), `\\p{Script=${s}}`);
  return named;
}

/**
 * `\p{name}`: a predicate (or the items of one of Onigmo's POSIX-like names, which `\p` reads
 * as Unicode always), or undefined when the name is unknown here (Ruby may still know it:
 * blocks `In_…`, `Age=…`, script abbreviations).
 */
export function unicodeProperty(name: string): Pred | ClassItems | undefined {
  const key = loose(name);
  switch (key) {
    case "alpha":
    case "alnum":
    case "blank":
    case "cntrl":
    case "digit":
    case "graph":
    case "lower":
    case "print":
    case "space":
    case "upper":
    case "xdigit":
    case "word":
    case "ascii":
      return posixUnicode(key);
    case "punct":
      return items([], [prop("\\p{P}")]);
    case "any":
      return items([0, 0x10ffff]);
    case "newline":
      return items([0x0a, 0x0a]);
  }
  const expr = namedProperties().get(key);
  if (!expr) return undefined;
  if (!memo.has(expr)) memo.set(expr, v8(expr));
  return memo.get(expr);
}
