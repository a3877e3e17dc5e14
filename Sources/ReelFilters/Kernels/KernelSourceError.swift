/// A mistake in kernel source (Core Image Kernel Language): what is wrong and where.
public struct KernelSourceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The line of the mistake, from 1.
  public let line: Int
  /// The column of the mistake, from 1 (characters from the start of the line).
  public let column: Int
  /// What is wrong, and what to write instead where that helps.
  public let message: String

  /// Makes an error at a place in the source.
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  init(at place: SourcePlace, _ message: String) {
    self.init(line: place.line, column: place.column, message: message)
  }

  public var description: String { "kernel source line \(line), column \(column): \(message)" }
}

/// A place in kernel source: line and column, both from 1.
struct SourcePlace: Sendable, Equatable {
  var line: Int
  var column: Int
}
