/**
 * Data: the public methods of `ActiveSupport::OrderedOptions` (a Hash) in a booted Rails 6.1 app
 * on Ruby 3.1 (Hash's, Object's and Kernel's, and ActiveSupport's core extensions), written by
 *   ruby -ractive_support -ractive_support/ordered_options -ractive_support/core_ext -e \
 *     'puts ActiveSupport::OrderedOptions.public_instance_methods.grep(/\A[a-z_][a-z0-9_]*[?!=]?\z/).sort'
 * A name outside this list reaches OrderedOptions' `method_missing` (a reader of that key).
 */
export const ORDERED_OPTIONS_METHODS: ReadonlySet<string> = new Set(
  `
  __id__ __send__ acts_like? all? any? as_json assert_valid_keys assoc blank? chain chunk chunk_while
  class class_eval clear clone collect collect_concat compact compact! compact_blank compact_blank!
  compare_by_identity compare_by_identity? count cycle deconstruct_keys deep_dup deep_merge deep_merge!
  deep_stringify_keys deep_stringify_keys! deep_symbolize_keys deep_symbolize_keys! deep_transform_keys
  deep_transform_keys! deep_transform_values deep_transform_values! default default= default_proc
  default_proc= define_singleton_method delete delete_if detect dig display drop drop_while dup
  duplicable? each each_cons each_entry each_key each_pair each_slice each_value each_with_index
  each_with_object empty? entries enum_for eql? equal? except except! exclude? excluding extend extract!
  extractable_options? fetch fetch_values filter filter! filter_map find find_all find_index first
  flat_map flatten freeze frozen? grep grep_v group_by has_key? has_value? hash html_safe? in? include?
  including index_by index_with inject inspect instance_eval instance_exec instance_of? instance_values
  instance_variable_defined? instance_variable_get instance_variable_names instance_variable_set
  instance_variables invert is_a? itself keep_if key key? keys kind_of? lazy length many? map max max_by
  member? merge merge! method method_missing methods min min_by minmax minmax_by
  nested_under_indifferent_access nil? none? object_id one? partition pick pluck presence presence_in
  present? private_methods protected_methods public_method public_methods public_send rassoc reduce
  rehash reject reject! remove_instance_variable replace respond_to? reverse_each reverse_merge
  reverse_merge! reverse_update select select! send shift singleton_class singleton_method
  singleton_methods size slice slice! slice_after slice_before slice_when sort sort_by store
  stringify_keys stringify_keys! sum symbolize_keys symbolize_keys! taint tainted? take take_while tally
  tap then to_a to_enum to_h to_hash to_json to_options to_options! to_param to_proc to_query to_s to_set
  to_xml transform_keys transform_keys! transform_values transform_values! trust try try! uniq untaint
  untrust untrusted? update value? values values_at with_defaults with_defaults! with_indifferent_access
  with_options without yield_self zip
  `.trim().split(/\s+/),
);
