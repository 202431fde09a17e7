import CadenceSystem

/// Reads a routine file's bytes without ever blocking, through ``RegularFile``: anything but
/// a regular file (a FIFO, a socket, a character or block device) is refused from its type,
/// and reading stops past the largest routine.
enum RoutineFileReader {
  static func read(_ path: String, maximumSize: Int) throws(RoutineFileError) -> [UInt8] {
    switch RegularFile.read(path, limit: maximumSize) {
    case .success(let bytes): return bytes
    case .failure(.missing): throw .missing(path)
    case .failure(.directory): throw .directory(path)
    case .failure(.notRegular(let kind)): throw .notAFile(path, kind: kind)
    case .failure(.unreadable): throw .unreadable(path)
    case .failure(.tooLarge(let limit)): throw .tooLarge(path, limit: limit)
    }
  }
}
