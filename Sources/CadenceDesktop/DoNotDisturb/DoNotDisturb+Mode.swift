extension DoNotDisturb {
  /// The `dnd` setting: which desktop's notifications a focus pauses.
  public enum Mode: String, CaseIterable, Sendable {
    /// Whichever of the three is running: GNOME's in a GNOME session, else dunst, else mako.
    case auto
    case dunst
    case mako
    case gnome
    /// Nothing is paused (the default).
    case off

    /// The setting's value, read leniently (any case); nil for anything else.
    public init?(setting: String) {
      self.init(rawValue: setting.lowercased())
    }

    /// What each value does, for `config` and its help.
    public static let help =
      "pauses desktop notifications while a focus counts and puts them back as they were: auto (whichever of GNOME, dunst or mako is running), dunst, mako, gnome, or off (default off)"

    /// The desktop this mode names; nil for auto and off.
    var desktop: Desktop? { Desktop(rawValue: rawValue) }
  }

  /// A desktop whose notifications Cadence can pause.
  public enum Desktop: String, CaseIterable, Sendable {
    case dunst
    case mako
    case gnome

    /// Its name in a sentence.
    var title: String { self == .gnome ? "GNOME" : rawValue }

    /// The program Cadence asks it through.
    var program: String {
      switch self {
      case .dunst: return "dunstctl"
      case .mako: return "makoctl"
      case .gnome: return "gsettings"
      }
    }

    /// The Debian package the program is in.
    var package: String {
      switch self {
      case .dunst: return "dunst"
      case .mako: return "mako-notifier"
      case .gnome: return "libglib2.0-bin"
      }
    }

    /// The command that lets its notifications through again, for the user to type.
    var undo: String {
      switch self {
      case .dunst: return "dunstctl set-paused false"
      case .mako: return "makoctl mode -r do-not-disturb"
      case .gnome: return "gsettings set org.gnome.desktop.notifications show-banners true"
      }
    }
  }
}
