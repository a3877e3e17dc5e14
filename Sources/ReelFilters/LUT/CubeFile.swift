import ReelCore

/// Why the text of a `.cube` file is not a lookup table Reel can use: the line (1-based,
/// 0 for the file as a whole) and what was wrong there.
public struct CubeFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The line the problem is on, counting from 1; 0 when it concerns the whole file.
  public let line: Int
  /// What was wrong, and what to do.
  public let reason: String

  /// Makes an error.
  public init(line: Int, _ reason: String) {
    self.line = line
    self.reason = reason
  }

  /// `line 12: expected 3 numbers, found 2` (the caller puts the file's name in front).
  public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
}

/// The Adobe / DaVinci Resolve `.cube` format of lookup tables, parsed into a ``ColorCube``.
///
/// A file is lines of text: `#` comments and blank lines anywhere; keywords before the data —
/// `TITLE "name"`, `LUT_3D_SIZE n` or `LUT_1D_SIZE n` (one of them, required),
/// `DOMAIN_MIN r g b`, `DOMAIN_MAX r g b` (default 0 0 0 and 1 1 1; `LUT_3D_INPUT_RANGE` /
/// `LUT_1D_INPUT_RANGE low high` set all three) —; then the lines of three numbers. A 3D
/// table has n³ of them, the output colour of each texel, red varying fastest, then green, then
/// blue; texels are opaque. A 1D table has n, entry i the (red, green, blue) outputs for the
/// input i / (n − 1) of the domain, each channel interpolated linearly on its own
/// (``ChannelCurves``).
public enum CubeFile {
  /// What a parsed file holds.
  public struct Parsed: Sendable {
    /// The `TITLE`, if the file has one.
    public let title: String?
    /// The table.
    public let cube: ColorCube
  }

  /// Parses the text of a `.cube` file.
  ///
  /// - Parameter text: The whole file (the caller bounds its size).
  /// - Returns: The title and the table.
  /// - Throws: ``CubeFileError`` naming the first line that is wrong.
  public static func parse(_ text: String) throws(CubeFileError) -> Parsed {
    var title: String?
    var size: Int?
    var isOneDimensional = false
    var domainMin = SIMD3<Float>.zero
    var domainMax = SIMD3<Float>.one
    var texels: [Float] = []
    var expected = 0
    var lineNumber = 0
    // "\r\n" is one Character in Swift: lines end at either form.
    let lines = text.split(
      omittingEmptySubsequences: false,
      whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    for rawLine in lines {
      lineNumber += 1
      var line = Substring(rawLine)
      if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      guard let first = words.first else { continue }
      if let firstCharacter = first.first, firstCharacter.isLetter {
        guard texels.isEmpty else {
          throw CubeFileError(
            line: lineNumber,
            "the keyword \(first) comes after the table's numbers; keywords go before them")
        }
        switch first {
        case "TITLE":
          let rest = words.dropFirst().joined(separator: " ")
          title =
            rest.hasPrefix("\"") && rest.hasSuffix("\"") && rest.count >= 2
            ? String(rest.dropFirst().dropLast()) : rest
        case "LUT_3D_SIZE":
          guard size == nil else {
            throw CubeFileError(
              line: lineNumber,
              isOneDimensional
                ? "LUT_3D_SIZE after LUT_1D_SIZE: a file holds one table, 1D or 3D"
                : "LUT_3D_SIZE is given twice")
          }
          let side = try integer(words, line: lineNumber)
          guard ColorCube.dimensions.contains(side) else {
            throw CubeFileError(
              line: lineNumber,
              "LUT_3D_SIZE is \(side); Reel reads cubes of \(ColorCube.dimensions.lowerBound)…\(ColorCube.dimensions.upperBound) texels a side"
            )
          }
          size = side
          expected = side * side * side
          texels.reserveCapacity(expected * 4)
        case "LUT_1D_SIZE":
          guard size == nil else {
            throw CubeFileError(
              line: lineNumber,
              isOneDimensional
                ? "LUT_1D_SIZE is given twice"
                : "LUT_1D_SIZE after LUT_3D_SIZE: a file holds one table, 1D or 3D")
          }
          let count = try integer(words, line: lineNumber)
          guard ChannelCurves.sizes.contains(count) else {
            throw CubeFileError(
              line: lineNumber,
              "LUT_1D_SIZE is \(count); a 1D table has \(ChannelCurves.sizes.lowerBound)…\(ChannelCurves.sizes.upperBound) entries"
            )
          }
          size = count
          isOneDimensional = true
          expected = count
          texels.reserveCapacity(expected * 4)
        case "DOMAIN_MIN":
          domainMin = try triple(words.dropFirst(), line: lineNumber, keyword: "DOMAIN_MIN")
        case "DOMAIN_MAX":
          domainMax = try triple(words.dropFirst(), line: lineNumber, keyword: "DOMAIN_MAX")
        case "LUT_3D_INPUT_RANGE", "LUT_1D_INPUT_RANGE":
          guard words.count == 3, let low = Float(words[1]), let high = Float(words[2]),
            low.isFinite, high.isFinite
          else {
            throw CubeFileError(line: lineNumber, "\(first) takes 2 numbers")
          }
          domainMin = SIMD3(repeating: low)
          domainMax = SIMD3(repeating: high)
        default:
          throw CubeFileError(
            line: lineNumber,
            "unknown keyword \(first); a .cube file has TITLE, LUT_3D_SIZE or LUT_1D_SIZE, DOMAIN_MIN, DOMAIN_MAX and lines of three numbers"
          )
        }
        continue
      }
      guard size != nil else {
        throw CubeFileError(
          line: lineNumber,
          "the table's numbers start before LUT_3D_SIZE (or LUT_1D_SIZE) says its size")
      }
      let sizeKeyword = isOneDimensional ? "LUT_1D_SIZE" : "LUT_3D_SIZE"
      guard texels.count / 4 < expected else {
        throw CubeFileError(
          line: lineNumber, "more than the \(expected) table lines \(sizeKeyword) announces")
      }
      let colour = try triple(words[...], line: lineNumber, keyword: nil)
      texels += [colour.x, colour.y, colour.z, 1]
    }
    guard let size else {
      throw CubeFileError(
        line: 0, "no LUT_3D_SIZE or LUT_1D_SIZE line: this is not a .cube lookup table")
    }
    if isOneDimensional {
      guard texels.count / 4 == expected else {
        throw CubeFileError(
          line: lineNumber,
          "the table has \(texels.count / 4) lines; LUT_1D_SIZE \(size) needs \(expected)")
      }
      let values = (0..<expected).map {
        SIMD3(texels[4 * $0], texels[4 * $0 + 1], texels[4 * $0 + 2])
      }
      do throws(FilterError) {
        let curves = try ChannelCurves(
          values: values, domainMin: domainMin, domainMax: domainMax)
        return Parsed(title: title, cube: try ColorCube(curves: curves))
      } catch {
        throw CubeFileError(line: 0, "DOMAIN_MIN must be below DOMAIN_MAX on every channel")
      }
    }
    guard texels.count / 4 == expected else {
      throw CubeFileError(
        line: lineNumber,
        "the table has \(texels.count / 4) lines; LUT_3D_SIZE \(size) needs \(size)³ = \(expected)"
      )
    }
    do {
      let cube = try ColorCube(
        dimension: size, texels: texels, domainMin: domainMin, domainMax: domainMax)
      return Parsed(title: title, cube: cube)
    } catch {
      throw CubeFileError(line: 0, "DOMAIN_MIN must be below DOMAIN_MAX on every channel")
    }
  }

  private static func integer(_ words: [Substring], line: Int) throws(CubeFileError) -> Int {
    guard words.count == 2, let value = Int(words[1]) else {
      throw CubeFileError(
        line: line,
        "\(words[0]) takes one whole number, found '\(words.dropFirst().joined(separator: " "))'")
    }
    return value
  }

  private static func triple(_ words: ArraySlice<Substring>, line: Int, keyword: String?)
    throws(CubeFileError) -> SIMD3<Float>
  {
    let prefix = keyword.map { "\($0) takes 3 numbers" } ?? "expected 3 numbers"
    guard words.count == 3 else {
      throw CubeFileError(line: line, "\(prefix), found \(words.count)")
    }
    var values = SIMD3<Float>.zero
    for (index, word) in words.enumerated() {
      guard let value = Float(word), value.isFinite else {
        throw CubeFileError(line: line, "\(prefix); '\(word)' is not a finite number")
      }
      values[index] = value
    }
    return values
  }
}
