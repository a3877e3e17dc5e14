/// "Did you mean …?" for names a user mistyped: keys, colour names, presets, variables.
public enum Suggestion {
  /// The Levenshtein distance between two strings: the fewest single-character insertions,
  /// deletions and substitutions that turn `first` into `second`.
  public static func editDistance(_ first: String, _ second: String) -> Int {
    let a = Array(first)
    let b = Array(second)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = Swift.min(substitution, previous[j] + 1, current[j - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// The candidate nearest to `word`, or nil when none is within `maximumDistance` edits.
  ///
  /// Case is ignored when that brings a candidate closer; ties go to the earlier candidate.
  ///
  /// - Parameters:
  ///   - word: What the user wrote.
  ///   - candidates: The names that would have been accepted, in preference order.
  ///   - maximumDistance: The most edits a suggestion may be away (default 2).
  public static func nearest(
    to word: String, among candidates: some Sequence<String>, maximumDistance: Int = 2
  ) -> String? {
    var best: (distance: Int, name: String)?
    let lowered = word.lowercased()
    for candidate in candidates {
      // The length difference alone is a lower bound on the distance.
      guard abs(candidate.count - word.count) <= maximumDistance else { continue }
      let distance = Swift.min(
        editDistance(word, candidate), editDistance(lowered, candidate.lowercased()))
      if distance <= maximumDistance, distance < (best?.distance ?? Int.max) {
        best = (distance, candidate)
      }
    }
    return best?.name
  }
}
