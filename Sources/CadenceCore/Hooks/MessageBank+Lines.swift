extension MessageBank {
  /// The lines of each theme, by event; an event a theme leaves out takes the neutral lines.
  static let lines: [MessageTheme: [String: [String]]] = [
    .neutral: [
      "start": [
        "Here we go: {routine}.",
        "{routine} starts now. First: {step}.",
        "Off we go. First up: {step}.",
      ],
      "work": [
        "{step}: go!",
        "Time for {step}.",
        "Now: {step}.",
        "On to {step}.",
      ],
      "pause": [
        "Pause. Next: {next}.",
        "A break now; {next} follows.",
        "Rest a moment before {next}.",
      ],
      "manual": [
        "Your move: {step}. Press Enter when you're done.",
        "Over to you: {step}. Press Enter to carry on.",
      ],
      "milestone": [
        "{percent}% done.",
        "{percent}% of the way.",
        "{percent}% through. Keep going.",
      ],
      "reminder": ["{label}"],
      "finish": [
        "All done. Brilliant work!",
        "Finished: {routine}.",
        "That's the lot. Well done.",
      ],
    ],
    .gym: [
      "start": [
        "Here we go: {routine}.",
        "Right, let's begin. First up: {step}.",
        "Off you go. {routine} starts now.",
      ],
      "work": [
        "{step}: go!",
        "{step}. Give it everything you've got.",
        "Time for {step}. You've got this.",
        "Back to it: {step}. Steady and strong.",
        "{step} now. One good minute at a time.",
      ],
      "pause": [
        "Pause. Breathe out. Next: {next}.",
        "Rest now; {next} is coming up.",
        "Well done. Take a breather before {next}.",
        "Recover. Shoulders down, {next} in a moment.",
      ],
      "milestone": [
        "{percent}% done. Keep going.",
        "{percent}% of the way. Lovely rhythm.",
        "{percent}% there. You're doing brilliantly.",
      ],
      "finish": [
        "All done. Brilliant work!",
        "Finished! Take a moment to feel good about that.",
        "That's the lot. Well done, really.",
      ],
    ],
    .cooking: [
      "start": [
        "Let's cook: {routine}.",
        "Aprons on. First: {step}.",
      ],
      "work": [
        "{step}.",
        "Now: {step}. Take your time.",
        "On to {step}.",
        "Next in the kitchen: {step}.",
      ],
      "pause": [
        "Let it sit. Next: {next}.",
        "A moment's rest; {next} follows.",
        "While you wait, get ready for {next}.",
      ],
      "milestone": [
        "{percent}% of the way through the recipe.",
        "{percent}% done. Smelling good.",
      ],
      "finish": [
        "All done. Enjoy!",
        "Finished: {routine}. Time to eat.",
      ],
    ],
    .revision: [
      "start": [
        "Time to study: {routine}.",
        "Books open. First: {step}.",
      ],
      "work": [
        "{step}: one thing at a time.",
        "Focus on {step}.",
        "{step}. Phone away, mind on the page.",
        "Back to {step}. Steady does it.",
      ],
      "pause": [
        "Break. Stand up and stretch; {next} next.",
        "A well-earned rest. Then {next}.",
        "Look away from the page for a bit. Next: {next}.",
      ],
      "milestone": [
        "{percent}% of the session done. Keep focused.",
        "{percent}% through. It's sinking in.",
      ],
      "finish": [
        "Session done. Well revised!",
        "Finished. That's real progress.",
      ],
    ],
  ]

  /// The lines for `event` in `theme`, or the neutral ones.
  static func choices(for event: String, theme: MessageTheme) -> [String]? {
    lines[theme]?[event] ?? lines[.neutral]?[event]
  }
}
