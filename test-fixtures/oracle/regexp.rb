# Answers each case of test-fixtures/regexp/cases.txt with Ruby's own regexps and prints the
# file again with the answers after `=>` (scripts/oracle.mjs writes it back, or compares it with
# --check). A case is `METHOD /PATTERN/FLAGS ARG…`: ARG is a JSON string (`"a"*30+"!"` repeats
# and joins) or an integer. Methods: match (MatchData, optional start), match? , scan, gsub,
# gsub{} (block `<#{match}>`), sub, split (optional limit), names.
# Usage: ruby test-fixtures/oracle/regexp.rb test-fixtures/regexp/cases.txt
require "json"

STRING = /"(?:[^"\\]|\\.)*"(?:\*\d+)?/
ARG = /(?:#{STRING}(?:\+#{STRING})*|-?\d+)/
REST = /\A([mix]*)((?:\s+#{ARG})*)\s*\z/

def parse_arg(text)
  return Integer(text) if text =~ /\A-?\d+\z/
  text.scan(/("(?:[^"\\]|\\.)*")(?:\*(\d+))?/).map { |s, n| JSON.parse(s) * (n ? n.to_i : 1) }.join
end

# `METHOD /PATTERN/FLAGS ARG…`: the pattern ends at the last `/` after which the text reads as flags and arguments.
def parse_case(text)
  method, rest = text.split(" ", 2)
  return nil unless rest&.start_with?("/")
  k = rest.length - 1
  k -= 1 until k <= 0 || (rest[k] == "/" && rest[k + 1..] =~ REST)
  return nil if k <= 0
  m = REST.match(rest[k + 1..])
  [method, rest[1...k], m[1], m[2].scan(ARG).map { |a| parse_arg(a) }, "#{method} #{rest[0..k]}#{m[1]}#{m[2]}"]
end

def answer(method, source, flags, args)
  opts = 0
  opts |= Regexp::IGNORECASE if flags.include?("i")
  opts |= Regexp::MULTILINE if flags.include?("m")
  opts |= Regexp::EXTENDED if flags.include?("x")
  re = begin
    Regexp.new(source, opts)
  rescue RegexpError => e
    return "error: #{e.message}"
  end
  str = args[0]
  value =
    case method
    when "match"
      m = str.match(re, args[1] || 0)
      m && { "at" => m.begin(0), "groups" => m.to_a, "named" => m.named_captures }.reject { |k, v| k == "named" && v.empty? }
    when "match?" then re.match?(str, args[1] || 0)
    when "scan" then str.scan(re)
    when "gsub" then str.gsub(re, args[1])
    when "gsub{}" then str.gsub(re) { |m| "<#{m}>" }
    when "sub" then str.sub(re, args[1])
    when "split" then args[1] ? str.split(re, args[1]) : str.split(re)
    when "names" then re.names
    else raise "unknown method #{method}"
    end
  JSON.generate(value)
rescue StandardError => e
  raise if e.is_a?(RuntimeError) && e.message.start_with?("unknown method")
  "error: #{e.class}: #{e.message}"
end

File.foreach(ARGV[0], chomp: true) do |line|
  if line.strip.empty? || line.start_with?("#")
    puts line
    next
  end
  # The result (if any) follows the first " => " before which the line reads as a case.
  cuts = line.enum_for(:scan, / => /).map { Regexp.last_match.begin(0) } + [line.length]
  parsed = cuts.lazy.map { |cut| parse_case(line[0, cut]) }.find(&:itself) or raise "bad case: #{line}"
  method, source, flags, args, text = parsed
  puts "#{text} => #{answer(method, source, flags, args)}"
end
