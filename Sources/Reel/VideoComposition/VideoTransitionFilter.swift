import ReelCore

/// A transition drawn by a filter from the outgoing picture to the incoming one (the
/// template's transitions through the filter catalog's `CI…Transition` filters), set on a
/// ``VideoCompositionInstruction``.
public protocol VideoTransitionFilter: AnyObject, Sendable {
  /// The frame part-way through the transition.
  ///
  /// - Parameters:
  ///   - from: The outgoing picture, drawn alone over the background, of the render size.
  ///   - to: The incoming picture, likewise.
  ///   - progress: 0 at the instruction's start to 1 at its end (a pure function of time).
  /// - Returns: A picture of the render size.
  /// - Throws: Whatever stops the frame; the error's description is the render's message.
  func transition(from: Image, to: Image, progress: Double) throws -> Image
}

/// A transition filter and its name, compared by identity, so that transitions and
/// instructions stay `Hashable`.
public struct TransitionFilter: Hashable, Sendable {
  /// The filter.
  public let filter: any VideoTransitionFilter
  /// Its name, for messages (`barsSwipeTransition`).
  public let name: String

  /// Makes one.
  public init(_ filter: any VideoTransitionFilter, name: String) {
    self.filter = filter
    self.name = name
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    ObjectIdentifier(lhs.filter) == ObjectIdentifier(rhs.filter) && lhs.name == rhs.name
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(filter))
    hasher.combine(name)
  }
}
