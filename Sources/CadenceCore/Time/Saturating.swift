extension FixedWidthInteger {
  /// The sum, held at the type's bounds instead of overflowing: totals of stored values
  /// (which may have been written by anything) never stop a command.
  public func saturatingAdding(_ other: Self) -> Self {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other > 0 ? .max : .min
  }
}

extension Sequence {
  /// The saturating sum of `value` over the elements.
  public func saturatingSum<T: FixedWidthInteger>(_ value: (Element) -> T) -> T {
    reduce(T.zero) { $0.saturatingAdding(value($1)) }
  }
}
