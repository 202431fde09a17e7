import CadenceArguments
import CadenceCore
import CadenceOutput
import CadenceStore
import CadenceSystem
import CadenceTerminal
import CadenceText
import FoundationEssentials

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
        positionals: [PositionalSpec("NAME", help: "The item.", kind: .listed("shop items"))]),
      CommandSpec(
        name: "use", abstract: "Chooses an island or a pet you own to be shown.",
        examples: ["cadence shop use fox"],
        options: [.database],
        positionals: [PositionalSpec("NAME", help: "The item.", kind: .listed("shop items"))]),
      CommandSpec(
        name: "show", abstract: "Draws an island or a pet.",
        examples: ["cadence shop show volcano"],
        options: [.database],
        positionals: [PositionalSpec("NAME", help: "The item.", kind: .listed("shop items"))]),
    ]
  )

  static let json = CommonOptions.json.described(
    "Lists the items, the balance and what is chosen as JSON.")

  static let options = [json.spec, .database]

  /// The subcommand: the list (the default), or an action on the item named (as given).
  enum Action {
    case list
    case buy(String)
    case use(String)
    case show(String)
  }

  var action: Action
  /// `--json`, `--db` and the usage line.
  var line: StoreSubcommand

  /// The parser has chosen the subcommand (none lists) and checked its options and arguments:
  /// only the list is JSON; buying, choosing and showing are told in sentences.
  init(arguments: ParsedArguments) throws(UsageError) {
    line = StoreSubcommand(arguments, of: Self.spec, json: Self.json)
    let name = arguments.positionals.first ?? ""
    switch arguments.subcommand {
    case "buy": action = .buy(name)
    case "use": action = .use(name)
    case "show": action = .show(name)
    default: action = .list
    }
  }

  func run(context: CommandContext) -> ExitCode {
    var item: Shop.Item?
    let named: String?
    switch action {
    case .list: named = nil
    case .buy(let name), .use(let name), .show(let name): named = name
    }
    if let name = named {
      do {
        item = try Shop.item(named: name)
      } catch {
        return PlanningInput.Refusal(sentence: error.sentence, status: .dataError)
          .report(to: context.console, usage: line.usage)
      }
    }
    let console = context.console
    return line.withStore(context) { store in
      switch action {
      case .buy:
        let item = item!
        if try store.owns(item) {
          console.out("You already have the \(item.name) \(item.kind.rawValue).\n")
          return .success
        }
        do {
          // With no database there are no coins: nothing to create to say so.
          if store.isStandIn {
            throw StoreError.notEnoughCoins(path: store.path, balance: 0, price: item.price)
          }
          try store.coins.buy(
            OwnedItem(kind: item.kind, name: item.name, acquiredAt: context.now), price: item.price)
        } catch StoreError.notEnoughCoins(_, let balance, _) {
          throw PlanningInput.Refusal(
            sentence: Shop.tooDear(item, balance: balance).sentence, status: .dataError)
        }
        console.out(
          "Bought the \(item.name) \(item.kind.rawValue) for \(item.price) coins; \(try store.coins.balance()) left. Show it with cadence shop use \(item.name).\n"
        )
      case .use:
        let item = item!
        if let refusal = try store.notOwned(item.kind, item.name) {
          throw PlanningInput.Refusal(sentence: refusal.sentence, status: .dataError)
        }
        try store.writable().setSetting(item.kind.rawValue, item.name)
        console.out("The focus view now shows the \(item.name) \(item.kind.rawValue).\n")
      case .show:
        let chosen = try Chosen(store: store)
        let item = item!
        let island = item.kind == .island ? IslandArt.island(item.name)! : chosen.island
        let pet = item.kind == .pet ? IslandArt.pet(item.name)! : chosen.pet
        for line in IslandArt.scene(
          island: island, pet: pet, width: console.width, height: 24, colour: console.colour)
        {
          console.out(line + "\n")
        }
      case .list:
        console.out(
          ShopListing.text(try store.shelf(), balance: try store.coins.balance(), json: line.json))
      }
      return .success
    }
  }

  /// The island and pet the focus view shows: the chosen ones when they are owned, the
  /// defaults otherwise.
  struct Chosen {
    var island: IslandArt.Island
    var pet: IslandArt.Pet

    init(store: Store) throws {
      island = IslandArt.island(try store.shown(.island).name)!
      pet = IslandArt.pet(try store.shown(.pet).name)!
    }
  }
}
