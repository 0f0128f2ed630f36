# The Ruby routes files call, evaluated as Ruby does (issue 27 §2).
Rails.application.routes.draw do
  get format("g/%d", 3), to: "a#g"
  get "f/%s" % "x", to: "a#f"
  get "%s/%s" % ["h", "i"], to: "a#h"
  get "%{a}/%{b}" % { a: "j", b: "k" }, to: "a#j"
  get "Admin::Reports".demodulize.underscore, to: "a#d"
  get "Donald E. Knuth".parameterize(separator: "_"), to: "a#p"
  get "hello world".delete("l").tr(" ", "-"), to: "a#del"
  { a: 1, b: 2, c: 3 }.select { |k, v| v.odd? }.each_key { |k| get "sel_#{k}", to: "a#sel" }
  { a: 1, b: 2 }.reject { |_k, v| v > 1 }.each_key { |k| get "rej_#{k}", to: "a#rej" }
  { x: 1, y: 2 }.transform_values { |v| v * 10 }.each { |k, v| get "tv_#{k}_#{v}", to: "a#tv" }
  %w[bb a ccc].sort_by(&:size).each { |w| get "sb_#{w}", to: "a#sb" }
  %w[apple avocado banana].group_by { |w| w[0] }.each { |letter, words| get "gb_#{letter}_#{words.size}", to: "a#gb" }
  get "sum_#{[1, 2, 3].sum}", to: "a#sum"
  [1, 2, 3].each_cons(2) { |a, b| get "cons_#{a}_#{b}", to: "a#cons" }
  1.step(7, 3) { |i| get "step_#{i}", to: "a#step" }
  %w[p q r s].each_slice(2).with_index(1) { |pair, i| get "slice_#{i}_#{pair.join}", to: "a#slice" }
  %w[t u].each.with_index(1) { |w, i| get "wi_#{w}#{i}", to: "a#wi" }
  %w[v w].map.with_index { |w, i| "#{w}#{i}" }.each { |n| get "mw_#{n}", to: "a#mw" }
  get "range_#{(2..7).max}_#{(2..7).min}", to: "a#range"
  get "compact_#{{ a: nil, b: 1 }.compact.keys.join}", to: "a#compact"
  def helper_name
    __method__.to_s
  end
  get helper_name, to: "a#helper"
  get File.basename(__FILE__, ".rb"), to: "a#file"
  get File.basename(__dir__), to: "a#dir"
end
