/// What today's list needs of a task: the store's `TaskRecord` is one.
public protocol PlannedTask {
  var name: String { get }
  /// 0 to 10.
  var priority: Int { get }
  /// The last day to work on it, `YYYY-MM-DD`.
  var deadline: String? { get }
  /// Days it can be worked on: bit 0 is Monday … bit 6 Sunday.
  var weekdays: Int { get }
  var done: Bool { get }
}
