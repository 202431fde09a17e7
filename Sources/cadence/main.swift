import CadenceCommands

CadenceCLI.main()
