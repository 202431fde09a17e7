#if canImport(Glibc)
  import Glibc
#endif

/// C strings that live until the arena is dropped: for handing many strings to one C call.
final class CStringArena {
  private var pointers: [UnsafeMutablePointer<CChar>] = []

  func copy(_ text: String) -> (pointer: UnsafePointer<CChar>, length: Int) {
    let length = text.utf8.count
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: length + 1)
    text.utf8CString.withUnsafeBufferPointer { buffer in
      pointer.initialize(from: buffer.baseAddress!, count: length + 1)
    }
    pointers.append(pointer)
    return (UnsafePointer(pointer), length)
  }

  deinit {
    for pointer in pointers { pointer.deallocate() }
  }
}
