GLOSSARY_SECTIONS = %w[terms words].freeze
