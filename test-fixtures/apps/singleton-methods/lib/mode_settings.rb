# Flags made by `define_singleton_method` in a loop of the class body: each reads `mode`, which
# Ruby calls on the receiver (so a subclass's own `mode` counts).
class ModeSettings
  DEFAULTS = {
    "full" => { admin: true, embedded_flow: false },
    "lite" => { admin: false, embedded_flow: true },
  }.freeze

  def self.mode = "full"

  DEFAULTS["full"].each_key do |capability|
    define_singleton_method("#{capability}?") { DEFAULTS.dig(mode, capability) }
  end
end
