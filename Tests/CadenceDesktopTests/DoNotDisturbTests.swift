import CadenceSystem
import Foundation
import Synchronization
import Testing

@testable import CadenceDesktop

/// Do-not-disturb against stand-ins for makoctl and gsettings (and a dunstctl that hangs):
/// paused at the start, put back exactly as it was at the end, a user's own pause left alone,
/// and a pause whose process died undone from its record.
@Suite struct DoNotDisturbTests {
  final class Notes: Sendable {
    private let said = Mutex<[String]>([])
    var all: [String] { said.withLock { $0 } }
    func add(_ text: String) { said.withLock { $0.append(text) } }
  }

  let tools: StandInTools
  let notes = Notes()
  var record: String { tools.folder + "/cadence.db-dnd" }

  init() throws { tools = try StandInTools() }

  /// Its calls may take `timeout` each: long, unless a test is about the limit, as a stand-in
  /// started at a lower priority on a busy machine (the suite runs in parallel, on two cores in
  /// CI) can take more than the 2 s a desktop's program is given.
  func quiet(
    _ mode: DoNotDisturb.Mode, environment: [String: String] = [:],
    timeout: Duration = Self.patient
  ) -> DoNotDisturb {
    let notes = self.notes
    return DoNotDisturb(
      mode: mode, environment: tools.environment.merging(environment) { $1 }, recordPath: record,
      timeout: timeout
    ) { notes.add($0) }
  }

  static let patient: Duration = .seconds(60)

  func recover(environment: [String: String] = [:]) {
    let notes = self.notes
    DoNotDisturb.recover(
      recordPath: record, environment: tools.environment.merging(environment) { $1 },
      timeout: Self.patient
    ) { notes.add($0) }
  }

  var recordText: String? { try? String(contentsOfFile: record, encoding: .utf8) }

  /// A record of a pause of `desktop` by a process that is not running.
  func writeDeadRecord(_ desktop: DoNotDisturb.Desktop, boot: String? = nil) throws {
    let stamp = ProcessStamp(
      pid: 4_194_000, started: 1, boot: boot ?? ProcessStamp.currentBoot ?? "")
    #expect(!stamp.isRunning)
    try PauseRecord(desktop: desktop, owner: stamp).text.write(
      toFile: record, atomically: true, encoding: .utf8)
  }

  @Test func gnomesBannersAreTurnedOffAndBackOnWithARecordBetween() throws {
    defer { tools.remove() }
    try tools.installGsettings()
    let quiet = quiet(.gnome)
    quiet.begin()
    #expect(tools.banners == "false")
    #expect(quiet.isHolding)
    // The record names the desktop and this process, and only its owner can read it.
    let text = try #require(recordText)
    #expect(text.contains("desktop gnome\npid \(getpid())\n"))
    let permissions = try FileManager.default.attributesOfItem(atPath: record)[.posixPermissions]
    #expect((permissions as? Int) == 0o600)
    quiet.end()
    #expect(tools.banners == "true")
    #expect(recordText == nil)
    #expect(
      tools.recorded == [
        "gsettings get org.gnome.desktop.notifications show-banners",
        "gsettings set org.gnome.desktop.notifications show-banners false",
        "gsettings set org.gnome.desktop.notifications show-banners true",
      ])
    #expect(notes.all.isEmpty)
    // A second end does nothing.
    quiet.end()
    #expect(tools.recorded.count == 3)
  }

  @Test func makosDoNotDisturbModeIsAddedAndRemovedAndItsOtherModesKept() throws {
    defer { tools.remove() }
    try tools.installMakoctl(modes: ["default", "work"])
    let quiet = quiet(.mako)
    quiet.begin()
    #expect(tools.modes == ["default", "work", "do-not-disturb"])
    quiet.end()
    #expect(tools.modes == ["default", "work"])
    #expect(recordText == nil)
  }

  @Test func aUserWhoHadPausedKeepsTheirPauseAndNothingIsRecorded() throws {
    defer { tools.remove() }
    try tools.installGsettings(banners: false)
    try tools.installMakoctl(modes: ["do-not-disturb"])
    for mode in [DoNotDisturb.Mode.gnome, .mako] {
      let quiet = quiet(mode)
      quiet.begin()
      #expect(recordText == nil)
      #expect(!quiet.isHolding)
      quiet.end()
    }
    #expect(tools.banners == "false")
    #expect(tools.modes == ["do-not-disturb"])
    #expect(
      tools.recorded.allSatisfy {
        $0.hasSuffix("get org.gnome.desktop.notifications show-banners") || $0 == "makoctl mode"
      })
  }

  @Test func autoTakesGnomeOnlyInAGnomeSession() throws {
    defer { tools.remove() }
    try tools.installGsettings()
    try tools.installMakoctl()
    let elsewhere = quiet(.auto, environment: ["XDG_CURRENT_DESKTOP": "sway"])
    elsewhere.begin()
    #expect(tools.modes == ["default", "do-not-disturb"])
    #expect(tools.banners == "true")
    elsewhere.end()
    #expect(tools.modes == ["default"])
    #expect(!tools.recorded.contains { $0.hasPrefix("gsettings") })
    let gnome = quiet(.auto, environment: ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"])
    gnome.begin()
    #expect(tools.banners == "false")
    #expect(tools.modes == ["default"])
    gnome.end()
    #expect(tools.banners == "true")
  }

  @Test func autoWithNothingRunningSaysSoAndChangesNothing() throws {
    defer { tools.remove() }
    let quiet = quiet(.auto, environment: ["PATH": tools.folder + "/bin"])
    quiet.begin()
    quiet.end()
    #expect(
      notes.all == [
        "dnd is auto, but none of dunst, mako or a GNOME session is running; notifications are left as they are."
      ])
    #expect(recordText == nil)
  }

  @Test func aNamedDesktopThatIsMissingOrSilentIsSaidOnce() throws {
    defer { tools.remove() }
    quiet(.gnome, environment: ["PATH": tools.folder + "/bin"]).begin()
    #expect(notes.all.last?.contains("gsettings is not installed (Debian package") == true)
    // dunstctl prints an empty line and exits 0 when dunst is not there.
    try tools.install("dunstctl", "echo")
    quiet(.dunst).begin()
    #expect(notes.all.last?.contains("dunst did not answer dunstctl (is it running?)") == true)
    #expect(recordText == nil)
  }

  @Test func aDunstctlThatHangsCostsItsTimeLimitAndPausesNothing() throws {
    defer { tools.remove() }
    try tools.install("dunstctl", "sleep 30")
    let started = ContinuousClock.now
    let quiet = quiet(.dunst, timeout: DoNotDisturb.timeout)
    quiet.begin()
    #expect(ContinuousClock.now - started < .seconds(6))
    #expect(!quiet.isHolding)
    #expect(recordText == nil)
    #expect(tools.recorded == ["dunstctl is-paused"])
  }

  @Test func noDaemonOnTheBusMeansDunstIsNotAskedSoItIsNotStarted() throws {
    defer { tools.remove() }
    try tools.install("dbus-send", "echo '   boolean false'")
    try tools.install("dunstctl", "echo false")
    quiet(.dunst).begin()
    #expect(!tools.recorded.contains { $0.hasPrefix("dunstctl") })
    #expect(notes.all.last?.contains("did not answer") == true)
  }

  @Test func aRecordWithoutAFolderLeavesNotificationsOn() throws {
    defer { tools.remove() }
    try tools.installGsettings()
    let quiet = DoNotDisturb(
      mode: .gnome, environment: tools.environment, recordPath: tools.folder + "/none/db-dnd",
      timeout: Self.patient
    ) { [notes] in notes.add($0) }
    quiet.begin()
    #expect(tools.banners == "true")
    #expect(!quiet.isHolding)
    #expect(notes.all.first?.contains("notifications are left on") == true)
  }

  @Test func aPauseWhoseProcessDiedIsUndoneAndItsRecordRemoved() throws {
    defer { tools.remove() }
    try tools.installGsettings(banners: false)
    try writeDeadRecord(.gnome)
    recover()
    #expect(tools.banners == "true")
    #expect(recordText == nil)
    #expect(
      notes.all == [
        "GNOME's notifications are on again: the focus that paused them ended without letting them through."
      ])
  }

  @Test func aPauseHeldByARunningFocusIsLeftAlone() throws {
    defer { tools.remove() }
    try tools.installGsettings(banners: false)
    let own = try #require(ProcessStamp.current)
    try PauseRecord(desktop: .gnome, owner: own).text.write(
      toFile: record, atomically: true, encoding: .utf8)
    recover()
    #expect(tools.banners == "false")
    #expect(recordText != nil)
    #expect(tools.recorded.isEmpty)
  }

  @Test func afterARestartGnomeIsRestoredAndMakosPauseIsGoneWithItsDaemon() throws {
    defer { tools.remove() }
    try tools.installGsettings(banners: false)
    try tools.installMakoctl(modes: ["default"])
    try writeDeadRecord(.gnome, boot: "an-earlier-boot")
    recover()
    #expect(tools.banners == "true")
    #expect(recordText == nil)
    try writeDeadRecord(.mako, boot: "an-earlier-boot")
    recover()
    #expect(recordText == nil)
    #expect(!tools.recorded.contains { $0.hasPrefix("makoctl") })
  }

  @Test func aRestoreThatFailsKeepsTheRecordForTheNextStart() throws {
    defer { tools.remove() }
    try tools.install("gsettings", "exit 1")
    try writeDeadRecord(.gnome)
    recover()
    #expect(recordText != nil)
    #expect(
      notes.all.last?.contains(
        "run: gsettings set org.gnome.desktop.notifications show-banners true") == true)
  }

  @Test func aDamagedRecordIsRemovedAndSaidSo() throws {
    defer { tools.remove() }
    try "not a record\n".write(toFile: record, atomically: true, encoding: .utf8)
    recover()
    #expect(recordText == nil)
    #expect(notes.all.first?.hasPrefix(record + ": it is not a record Cadence wrote") == true)
  }

  @Test func aRecordReadsBackAsItWasWritten() throws {
    let written = PauseRecord(
      desktop: .mako, owner: ProcessStamp(pid: 42, started: 7, boot: "b00t"))
    #expect(PauseRecord(text: written.text) == written)
    #expect(PauseRecord(text: written.text.replacingOccurrences(of: "mako", with: "kde")) == nil)
    #expect(PauseRecord(text: "cadence do-not-disturb 1\ndesktop dunst\n") == nil)
  }

  @Test func theSettingTakesItsFiveValuesInAnyCase() {
    #expect(DoNotDisturb.Mode(setting: "Dunst") == .dunst)
    #expect(DoNotDisturb.Mode(setting: "OFF") == .off)
    #expect(DoNotDisturb.Mode(setting: "kde") == nil)
    #expect(
      DoNotDisturb.Mode.allCases.map(\.rawValue) == ["auto", "dunst", "mako", "gnome", "off"])
  }
}
