/// Levenshtein distance between two strings (in characters).
func editDistance(_ first: String, _ second: String) -> Int {
  let a = Array(first)
  let b = Array(second)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}

/// The candidate nearest to `word` within two edits (case-insensitive ties broken by the
/// candidates' order), else nil.
func nearest(to word: String, among candidates: [String]) -> String? {
  var best: (distance: Int, name: String)?
  for candidate in candidates {
    let distance = min(
      editDistance(word, candidate), editDistance(word.lowercased(), candidate.lowercased()))
    if distance <= 2, distance < (best?.distance ?? Int.max) { best = (distance, candidate) }
  }
  return best?.name
}
