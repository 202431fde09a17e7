import CadenceDesktop
import CadenceSystem
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import CadenceRuntime

/// The question a focus back from idleness puts to the views attached over its control
/// socket (issue 19): told to the views there are, said to be unasked when there are none,
/// carried in the hello of a view that attaches while it is open, taken back, and answered by
/// an `idle-return` request that reaches whoever takes the answer.
@Suite struct ControlQuestionTests: ControlServing {
  static let question = "Back after 3 s idle: k keeps it as focus, d discards it."

  /// Sends one request and reads its reply.
  func request(_ line: String, socket: String) throws -> ControlReply {
    let connection = try UnixSocket.connect(to: socket).get()
    defer { Descriptor.close(connection) }
    UnixSocket.setTimeout(connection, seconds: 5)
    Descriptor.writeAll(connection, line + "\n")
    let reply = try ControlLine.read(connection, limit: 1 << 20).get()
    return try JSONDecoder().decode(ControlReply.self, from: Data(reply))
  }

  @Test func theQuestionReachesTheViewsAndIsTakenBack() throws {
    let (server, run, socket) = try server()
    // The server holds its run weakly: the test keeps it.
    defer { withExtendedLifetime(run) { server.close() } }
    // Nobody attached: nobody is asked, and the run applies its setting instead.
    #expect(!server.ask(Self.question))
    #expect(!server.ask(nil))
    let (first, reader) = try watch(socket, answers: true)
    defer { Descriptor.close(first) }
    #expect(server.ask(Self.question))
    let asked = try #require(reader.next())
    #expect(asked.type == "question")
    #expect(asked.question == Self.question)
    // A view that attaches while it is open is asked in its hello.
    let later = try UnixSocket.connect(to: socket).get()
    defer { Descriptor.close(later) }
    UnixSocket.setTimeout(later, seconds: 10)
    Descriptor.writeAll(later, "{\"v\":1,\"cmd\":\"watch\"}\n")
    let hello = try #require(WatchReader(descriptor: later).next())
    #expect(hello.type == "hello")
    #expect(hello.question == Self.question)
    server.ask(nil)
    let withdrawn = try #require(reader.next())
    #expect(withdrawn.type == "question")
    #expect(withdrawn.question == nil)
  }

  /// A status bar's follower, an older client's watch and a script's are not views that answer:
  /// with only them attached nobody is asked (and the run applies its setting), though they
  /// get the stream; a view that says it answers is asked.
  @Test func onlyAViewThatSaysItAnswersIsAsked() throws {
    let (server, run, socket) = try server()
    defer { withExtendedLifetime(run) { server.close() } }
    let (older, olderReader) = try watch(socket)
    defer { Descriptor.close(older) }
    let script = try UnixSocket.connect(to: socket).get()
    defer { Descriptor.close(script) }
    UnixSocket.setTimeout(script, seconds: 10)
    Descriptor.writeAll(script, #"{"v":1,"cmd":"watch","answers":false}"# + "\n")
    let scriptReader = WatchReader(descriptor: script)
    #expect(scriptReader.next()?.type == "hello")
    // What `cadence status --follow` opens.
    let followed = try ControlClient.watch(socket: socket, answers: false).get()
    defer { Descriptor.close(followed) }
    UnixSocket.setTimeout(followed, seconds: 10)
    let followedReader = WatchReader(descriptor: followed)
    #expect(followedReader.next()?.type == "hello")
    #expect(!server.ask(Self.question))
    // They are told, all the same.
    #expect(olderReader.next()?.question == Self.question)
    #expect(scriptReader.next()?.question == Self.question)
    #expect(followedReader.next()?.question == Self.question)
    // What `cadence attach` opens.
    let attached = try ControlClient.watch(socket: socket, answers: true).get()
    defer { Descriptor.close(attached) }
    UnixSocket.setTimeout(attached, seconds: 10)
    let attachedReader = WatchReader(descriptor: attached)
    let hello = try #require(attachedReader.next())
    #expect(hello.question == Self.question)
    #expect(server.ask(Self.question))
    // An "answers" that is not true or false is refused with a sentence.
    let bad = try request(#"{"v":1,"cmd":"watch","answers":"yes"}"#, socket: socket)
    #expect(!bad.ok)
    #expect(bad.error == #"watch's "answers" takes true or false"#)
  }

  @Test func anAnswerReachesTheRunOnlyWhileAQuestionIsOpen() throws {
    let (server, run, socket) = try server()
    // The server holds its run weakly: the test keeps it.
    defer { withExtendedLifetime(run) { server.close() } }
    let answers = Mutex<[IdleReturn]>([])
    let open = Atomic(true)
    server.answering { choice in
      guard open.load(ordering: .relaxed) else { return false }
      answers.withLock { $0.append(choice) }
      return true
    }
    let kept = try request(ControlRequest.idleReturn(.keep).line, socket: socket)
    #expect(kept.ok)
    open.store(false, ordering: .relaxed)
    let late = try request(ControlRequest.idleReturn(.discard).line, socket: socket)
    #expect(!late.ok)
    #expect(late.error == "no question about idle time is open")
    #expect(answers.withLock { $0 } == [.keep])
    let bad = try request(#"{"v":1,"cmd":"idle-return","choice":"maybe"}"#, socket: socket)
    #expect(!bad.ok)
    #expect(bad.error == "idle-return needs \"choice\", keep or discard")
  }

  /// Waits until the server has counted the views that answer as `answered`, and has done
  /// everything that came before.
  func waitUntil(_ server: ControlServer, answered: Bool) {
    for _ in 0..<1000 where server.isAnswered != answered { usleep(5000) }
    #expect(server.isAnswered == answered)
    server.settle()
  }

  /// The last view that answers going (detached, or its connection dropped) with the question
  /// open is told, so that the run applies its setting; a follower going, or a view going with
  /// no question open, is not.
  @Test func theLastViewThatAnswersGoingWithTheQuestionOpenIsTold() throws {
    let (server, run, socket) = try server()
    defer { withExtendedLifetime(run) { server.close() } }
    let told = Atomic(0)
    let telling = DispatchSemaphore(value: 0)
    server.unanswered {
      told.wrappingAdd(1, ordering: .relaxed)
      telling.signal()
    }
    let (early, _) = try watch(socket, answers: true)
    waitUntil(server, answered: true)
    Descriptor.close(early)
    waitUntil(server, answered: false)
    #expect(told.load(ordering: .relaxed) == 0)

    let (follower, _) = try watch(socket)
    let (first, _) = try watch(socket, answers: true)
    let (second, _) = try watch(socket, answers: true)
    waitUntil(server, answered: true)
    #expect(server.ask(Self.question))
    Descriptor.close(follower)
    Descriptor.close(first)
    server.settle()
    #expect(server.isAnswered)
    #expect(told.load(ordering: .relaxed) == 0)
    Descriptor.close(second)
    #expect(telling.wait(timeout: .now() + 10) == .success)
    #expect(told.load(ordering: .relaxed) == 1)
    #expect(!server.isAnswered)
    // Nobody to ask any more.
    #expect(!server.ask(Self.question))
  }
}
