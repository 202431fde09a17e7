-- A routine whose name and steps carry terminal control sequences.
return {
  name = "Gym\27]52;c;cm0gLXJmIH4=\7\27]0;owned\7\27[2J",
  steps = { { "Work\27[31m\r\n-- fake line", "1m" } },
}
