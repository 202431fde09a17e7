import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Turns SIGINT, SIGTERM, SIGHUP and SIGWINCH into callbacks on a queue, so that stopping and
/// restoring the terminal happen in ordinary code, never inside a signal handler.
public final class SignalWatcher: @unchecked Sendable {
  private var sources: [DispatchSourceSignal] = []
  private let queue = DispatchQueue(label: "cadence.signals")

  public init() {}

  public func watch(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
    for number in signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { handler(number) }
      source.resume()
      sources.append(source)
    }
  }

  public func cancel() {
    for source in sources { source.cancel() }
    sources.removeAll()
  }
}
