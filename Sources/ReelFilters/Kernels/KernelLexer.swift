/// One token of kernel source.
struct KernelToken: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case identifier(String)
    case number(Double)
    /// An operator or punctuation: `+`, `+=`, `(`, `;`, `&&`, …
    case symbol(String)
    case end
  }
  let kind: Kind
  let place: SourcePlace

  /// The token as written, for messages.
  var spelling: String {
    switch kind {
    case .identifier(let name): name
    case .number(let value): String(value)
    case .symbol(let symbol): symbol
    case .end: "the end of the source"
    }
  }
}

/// Splits kernel source into tokens: identifiers, numbers, operators; comments (`//`, `/* */`)
/// and preprocessor-free whitespace are skipped.
enum KernelLexer {
  /// Symbols of two characters, tried before single ones.
  private static let pairs: Set<String> = [
    "+=", "-=", "*=", "/=", "==", "!=", "<=", ">=", "&&", "||", "++", "--",
  ]
  private static let singles: Set<Character> = [
    "+", "-", "*", "/", "=", "<", ">", "!", "(", ")", "{", "}", "[", "]", ",", ";", ".", "?", ":",
  ]

  /// The tokens of `source`, ending with `.end`.
  ///
  /// - Throws: ``KernelSourceError`` at a character that starts no token, an unterminated
  ///   comment, or a malformed number.
  static func tokens(of source: String) throws(KernelSourceError) -> [KernelToken] {
    let characters = Array(source)
    var tokens: [KernelToken] = []
    var index = 0
    var line = 1
    var lineStart = 0
    func place(_ at: Int) -> SourcePlace { SourcePlace(line: line, column: at - lineStart + 1) }

    while index < characters.count {
      let character = characters[index]
      if character == "\n" {
        index += 1
        line += 1
        lineStart = index
        continue
      }
      if character.isWhitespace {
        index += 1
        continue
      }
      if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
        while index < characters.count, characters[index] != "\n" { index += 1 }
        continue
      }
      if character == "/", index + 1 < characters.count, characters[index + 1] == "*" {
        let start = place(index)
        index += 2
        var closed = false
        while index < characters.count {
          if characters[index] == "*", index + 1 < characters.count, characters[index + 1] == "/" {
            index += 2
            closed = true
            break
          }
          if characters[index] == "\n" {
            line += 1
            lineStart = index + 1
          }
          index += 1
        }
        if !closed { throw KernelSourceError(at: start, "a /* comment is not closed with */") }
        continue
      }
      if character == "#" {
        throw KernelSourceError(
          at: place(index),
          "preprocessor lines (#define, #if, …) are not supported by Reel's kernel language; write the values out"
        )
      }
      if character.isLetter || character == "_" {
        let start = index
        while index < characters.count,
          characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
        {
          index += 1
        }
        tokens.append(
          KernelToken(kind: .identifier(String(characters[start..<index])), place: place(start)))
        continue
      }
      if character.isNumber
        || (character == "." && index + 1 < characters.count && characters[index + 1].isNumber)
      {
        let start = index
        while index < characters.count, characters[index].isNumber || characters[index] == "." {
          index += 1
        }
        if index < characters.count, characters[index] == "e" || characters[index] == "E" {
          var after = index + 1
          if after < characters.count, characters[after] == "+" || characters[after] == "-" {
            after += 1
          }
          if after < characters.count, characters[after].isNumber {
            index = after
            while index < characters.count, characters[index].isNumber { index += 1 }
          }
        }
        let text = String(characters[start..<index])
        // A float suffix (1.0f) and an unsigned one (2u) are accepted.
        if index < characters.count, characters[index] == "f" || characters[index] == "F" {
          index += 1
        }
        guard let value = Double(text), value.isFinite else {
          throw KernelSourceError(at: place(start), "'\(text)' is not a number")
        }
        tokens.append(KernelToken(kind: .number(value), place: place(start)))
        continue
      }
      if index + 1 < characters.count,
        case let pair = String([character, characters[index + 1]]), pairs.contains(pair)
      {
        tokens.append(KernelToken(kind: .symbol(pair), place: place(index)))
        index += 2
        continue
      }
      if singles.contains(character) {
        tokens.append(KernelToken(kind: .symbol(String(character)), place: place(index)))
        index += 1
        continue
      }
      throw KernelSourceError(at: place(index), "unexpected character '\(character)'")
    }
    tokens.append(KernelToken(kind: .end, place: place(index)))
    return tokens
  }
}
