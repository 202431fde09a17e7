import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceTerminal

/// `cadence shop`: islands and pets for the focus view, bought with the coins that completed
/// focus sessions earn. Spending is a transaction in the ledger, and the balance never goes
/// below zero.
struct ShopCommand: CadenceCommand {
  static let spec = CommandSpec(
    name: "shop",
    abstract: "Lists islands and pets, buys them with coins, and chooses the ones shown.",
    discussion:
      "A completed focus earns a coin for each whole minute. The palm island and the cat are free.",
    examples: [
      "cadence shop", "cadence shop buy fox", "cadence shop use fox", "cadence shop show volcano",
    ],
    options: options,
    subcommands: [
      CommandSpec(
        name: "list",
        abstract: "Lists the items, their prices, your coins and what is chosen (the default).",
        examples: ["cadence shop list --json"], options: options),
      CommandSpec(
        name: "buy", abstract: "Buys an island or a pet with coins.",
        examples: ["cadence shop buy fox"],
        options: [.database],
        positionals: [item.spec]),
      CommandSpec(
        name: "use", abstract: "Chooses an island or a pet you own to be shown.",
        examples: ["cadence shop use fox"],
        options: [.database],
        positionals: [item.spec]),
      CommandSpec(
        name: "show", abstract: "Draws an island or a pet.",
        examples: ["cadence shop show volcano"],
        options: [.database],
        positionals: [item.spec]),
    ]
  )

  static let json = CommonOptions.json.described(
    "Lists the items, the balance and what is chosen as JSON.")
  /// An item's name, checked against the catalogue when the command runs (status 65).
  static let item = Positional<String>("NAME", help: "The item.", kind: .listed("shop items"))

  static let options = [json.spec, .database]

  /// The subcommand: the list (the default), or an action on the item named.
  enum Action: String {
    case list, buy, use, show
  }

  var action: Action
  /// The item named (as given), for all but the list.
  var name: String?
  /// `--json`, `--db` and the usage line.
  var line: StoreSubcommand

  /// The parser has chosen the subcommand (none lists) and checked its options and arguments:
  /// only the list is JSON; buying, choosing and showing are told in sentences.
  init(arguments: ParsedArguments) throws(UsageError) {
    line = StoreSubcommand(arguments, of: Self.spec, json: Self.json)
    action = Action(rawValue: arguments.subcommand ?? "list") ?? .list
    name = action == .list ? nil : arguments[Self.item] ?? ""
  }

  func run(context: CommandContext) -> ExitCode {
    let console = context.console
    let item: Shop.Item?
    do throws(RuleRefusal) {
      item = try name.map { name throws(RuleRefusal) in try Shop.item(named: name) }
    } catch {
      return CommandRefusal(error, status: .dataError).report(to: console, usage: line.usage)
    }
    return line.withStore(context) { store in
      switch (action, item) {
      case (.buy, let item?):
        console.out(ShopListing.bought(item, balance: try store.buy(item, at: context.now)))
      case (.use, let item?):
        try store.show(item.kind, item.name)
        console.out(ShopListing.chosen(item))
      case (.show, let item?):
        console.out(
          try IslandArt.shopScene(item, store: store, width: console.width, colour: console.colour))
      default:
        console.out(
          ShopListing.text(try store.shelf(), balance: try store.coins.balance(), json: line.json))
      }
      return .success
    }
  }
}
