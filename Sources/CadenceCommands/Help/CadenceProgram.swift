import CadenceArguments

extension CadenceCLI {
  /// The whole command line, for help, completion scripts and the manual page.
  static var program: ProgramSpec {
    ProgramSpec(
      name: "cadence", version: version, summary: "a scriptable interval timer for the terminal",
      description: [
        """
        Cadence runs routines: small Lua files that describe gym sets with rests, revision
        blocks with breaks, cooking steps with reminders, or pomodoros. It checks a routine,
        shows its exact plan, and runs it to the millisecond, with the routine's own Lua hooks,
        a sound and a desktop notification at the quarter points.
        """,
        """
        A command that takes a routine takes a file or a NAME: NAME.lua is looked for in
        $CADENCE_ROUTINES, then $XDG_CONFIG_HOME/cadence/routines (~/.config/cadence/routines),
        then among the presets built into cadence.
        """,
      ],
      commands: specs,
      lister: "cadence list",
      sections: [
        (
          "Environment",
          [
            "CADENCE_ROUTINES: folders (separated by colons) searched first for a routine NAME.",
            "XDG_CONFIG_HOME: the user's configuration folder (default ~/.config); routines are kept in its cadence/routines.",
            "CADENCE_DB: the database of sessions and settings, instead of the usual one.",
            "NO_COLOR: when set, output has no colour.",
          ]
        ),
        (
          "Files",
          [
            "~/.config/cadence/routines: your library of routines (cadence add puts them there).",
            "~/.config/cadence/trusted: the SHA-256 of each routine you trust, with its path.",
            "~/.local/share/cadence/cadence.db: sessions, settings, tasks and goals (SQLite).",
          ]
        ),
        (
          "Exit status",
          [
            "0 for success, 64 for a wrong command line, 65 for a bad routine or data, 66 for a missing file, 70 for a failure of cadence itself, and 128 + N for a run ended by signal N."
          ]
        ),
      ])
  }
}
