/// The types of the kernel language.
public enum KernelType: Sendable, Equatable, CustomStringConvertible {
  case float, bool, vec2, vec3, vec4
  /// An image read anywhere (`sampler`, `__table sampler`): general kernels only.
  case sampler
  /// The input pixel at the output pixel's place (`__sample`): colour kernels.
  case sample
  /// A colour argument (`__color`), colour-matched to the working space.
  case color
  case void

  /// How many floats a value holds (1 for float and bool, 0 for samplers and void).
  var width: Int {
    switch self {
    case .float, .bool: 1
    case .vec2: 2
    case .vec3: 3
    case .vec4, .sample, .color: 4
    case .sampler, .void: 0
    }
  }

  /// The vector type of `width` floats.
  static func vector(_ width: Int) -> KernelType {
    switch width {
    case 2: .vec2
    case 3: .vec3
    case 4: .vec4
    default: .float
    }
  }

  /// Whether values of the type are numbers (float, vectors, samples and colours).
  var isNumeric: Bool { self != .bool && width > 0 }

  public var description: String {
    switch self {
    case .float: "float"
    case .bool: "bool"
    case .vec2: "vec2"
    case .vec3: "vec3"
    case .vec4: "vec4"
    case .sampler: "sampler"
    case .sample: "__sample"
    case .color: "__color"
    case .void: "void"
    }
  }

  /// The type a name in the source stands for; `int` is taken as `float` (every number is a
  /// 32-bit float here, as on a GPU's kernel path).
  static func named(_ name: String) -> KernelType? {
    switch name {
    case "float", "int", "uint", "half": .float
    case "bool": .bool
    case "vec2", "float2", "half2", "ivec2": .vec2
    case "vec3", "float3", "half3", "ivec3": .vec3
    case "vec4", "float4", "half4", "ivec4": .vec4
    case "sampler", "sampler2D": .sampler
    case "__sample": .sample
    case "__color": .color
    case "void": .void
    default: nil
    }
  }
}

/// An expression of kernel source.
indirect enum KernelExpression: Sendable {
  case number(Double, SourcePlace)
  case boolean(Bool, SourcePlace)
  case name(String, SourcePlace)
  case call(String, [KernelExpression], SourcePlace)
  case member(KernelExpression, String, SourcePlace)
  case unary(String, KernelExpression, SourcePlace)
  case binary(String, KernelExpression, KernelExpression, SourcePlace)
  case conditional(KernelExpression, KernelExpression, KernelExpression, SourcePlace)
  /// `target op= value` (`=`, `+=`, …); also `++` / `--` as `+= 1` / `-= 1`.
  case assignment(String, KernelExpression, KernelExpression, SourcePlace)

  var place: SourcePlace {
    switch self {
    case .number(_, let p), .boolean(_, let p), .name(_, let p), .call(_, _, let p),
      .member(_, _, let p), .unary(_, _, let p), .binary(_, _, _, let p),
      .conditional(_, _, _, let p), .assignment(_, _, _, let p):
      p
    }
  }
}

/// A statement of kernel source.
indirect enum KernelStatement: Sendable {
  case declaration(KernelType, [(name: String, place: SourcePlace, value: KernelExpression?)])
  case expression(KernelExpression)
  case branch(KernelExpression, [KernelStatement], [KernelStatement]?)
  case loop(
    initial: KernelStatement?, condition: KernelExpression?, step: KernelExpression?,
    body: [KernelStatement], place: SourcePlace)
  case returning(KernelExpression?, SourcePlace)
  case block([KernelStatement])
  case breaking(SourcePlace)
  case continuing(SourcePlace)
}

/// A function of kernel source: a `kernel` entry point or a helper it calls.
struct KernelFunction: Sendable {
  let isKernel: Bool
  let returnType: KernelType
  let name: String
  let parameters: [(type: KernelType, name: String, place: SourcePlace)]
  let body: [KernelStatement]
  let place: SourcePlace
}

/// Reads kernel source (Core Image Kernel Language, a GLSL dialect) into functions.
struct KernelParser {
  private let tokens: [KernelToken]
  private var index = 0

  /// The functions of `source`, in order.
  ///
  /// - Throws: ``KernelSourceError`` at the first token that does not fit the grammar.
  static func functions(of source: String) throws(KernelSourceError) -> [KernelFunction] {
    var parser = KernelParser(tokens: try KernelLexer.tokens(of: source))
    var functions: [KernelFunction] = []
    while parser.current.kind != .end { functions.append(try parser.function()) }
    return functions
  }

  private init(tokens: [KernelToken]) { self.tokens = tokens }

  private var current: KernelToken { tokens[index] }
  private func peek(_ offset: Int = 1) -> KernelToken {
    tokens[min(index + offset, tokens.count - 1)]
  }

  private mutating func advance() -> KernelToken {
    let token = tokens[index]
    if index < tokens.count - 1 { index += 1 }
    return token
  }

  private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }
  private func isWord(_ word: String) -> Bool { current.kind == .identifier(word) }

  private mutating func expect(_ symbol: String, _ context: String) throws(KernelSourceError) {
    guard isSymbol(symbol) else {
      throw KernelSourceError(
        at: current.place, "expected '\(symbol)' \(context), found '\(current.spelling)'")
    }
    _ = advance()
  }

  private mutating func identifier(_ what: String) throws(KernelSourceError) -> (
    String, SourcePlace
  ) {
    guard case .identifier(let name) = current.kind else {
      throw KernelSourceError(at: current.place, "expected \(what), found '\(current.spelling)'")
    }
    return (name, advance().place)
  }

  /// Skips qualifiers that change nothing here (`const`, precisions, `in`).
  private mutating func skipQualifiers() {
    while case .identifier(let word) = current.kind,
      ["const", "highp", "mediump", "lowp", "in", "__table", "uniform"].contains(word)
    {
      _ = advance()
    }
  }

  /// A type name at the current token, or nil when the token is not one.
  private mutating func typeName() throws(KernelSourceError) -> KernelType? {
    skipQualifiers()
    guard case .identifier(let word) = current.kind else { return nil }
    if let type = KernelType.named(word) {
      _ = advance()
      return type
    }
    if ["mat2", "mat3", "mat4", "float2x2", "float3x3", "float4x4"].contains(word) {
      throw KernelSourceError(
        at: current.place,
        "matrices (\(word)) are not supported by Reel's kernel language; write the products with dot()"
      )
    }
    return nil
  }

  private mutating func function() throws(KernelSourceError) -> KernelFunction {
    let start = current.place
    let isKernel = isWord("kernel")
    if isKernel { _ = advance() }
    guard let returnType = try typeName() else {
      throw KernelSourceError(
        at: current.place,
        "expected a function ('kernel vec4 name(…) { … }'), found '\(current.spelling)'")
    }
    let nameToken = current
    let (name, _) = try identifier("the function's name")
    try expect("(", "after the name \(name)")
    var parameters: [(type: KernelType, name: String, place: SourcePlace)] = []
    if isWord("void"), peek().kind == .symbol(")") { _ = advance() }
    while !isSymbol(")") {
      let place = current.place
      if case .identifier(let word) = current.kind, ["out", "inout"].contains(word) {
        throw KernelSourceError(
          at: place,
          "'\(word)' parameters are not supported by Reel's kernel language; return the value")
      }
      guard let type = try typeName() else {
        throw KernelSourceError(
          at: current.place, "expected a parameter type, found '\(current.spelling)'")
      }
      let (parameter, _) = try identifier("a parameter name")
      parameters.append((type, parameter, place))
      if isSymbol(",") {
        _ = advance()
      } else if !isSymbol(")") {
        throw KernelSourceError(
          at: current.place,
          "expected ',' or ')' in the parameters of \(name), found '\(current.spelling)'")
      }
    }
    _ = advance()
    let body = try block()
    return KernelFunction(
      isKernel: isKernel, returnType: returnType, name: name, parameters: parameters, body: body,
      place: isKernel ? start : nameToken.place)
  }

  private mutating func block() throws(KernelSourceError) -> [KernelStatement] {
    try expect("{", "to open a block")
    var statements: [KernelStatement] = []
    while !isSymbol("}") {
      if current.kind == .end {
        throw KernelSourceError(at: current.place, "a block is not closed with '}'")
      }
      statements.append(try statement())
    }
    _ = advance()
    return statements
  }

  private mutating func body() throws(KernelSourceError) -> [KernelStatement] {
    if isSymbol("{") { return try block() }
    return [try statement()]
  }

  private mutating func statement() throws(KernelSourceError) -> KernelStatement {
    let place = current.place
    if isSymbol("{") { return .block(try block()) }
    if isSymbol(";") {
      _ = advance()
      return .block([])
    }
    if case .identifier(let word) = current.kind {
      switch word {
      case "return":
        _ = advance()
        if isSymbol(";") {
          _ = advance()
          return .returning(nil, place)
        }
        let value = try expression()
        try expect(";", "after the returned value")
        return .returning(value, place)
      case "if":
        _ = advance()
        try expect("(", "after 'if'")
        let condition = try expression()
        try expect(")", "after the condition")
        let then = try body()
        var otherwise: [KernelStatement]?
        if isWord("else") {
          _ = advance()
          otherwise = try body()
        }
        return .branch(condition, then, otherwise)
      case "for":
        _ = advance()
        try expect("(", "after 'for'")
        let initial: KernelStatement? = isSymbol(";") ? nil : try simpleStatement()
        try expect(";", "after the loop's start")
        let condition = isSymbol(";") ? nil : try expression()
        try expect(";", "after the loop's condition")
        let step = isSymbol(")") ? nil : try expression()
        try expect(")", "after the loop's step")
        return .loop(
          initial: initial, condition: condition, step: step, body: try body(), place: place)
      case "while":
        _ = advance()
        try expect("(", "after 'while'")
        let condition = try expression()
        try expect(")", "after the condition")
        return .loop(initial: nil, condition: condition, step: nil, body: try body(), place: place)
      case "break":
        _ = advance()
        try expect(";", "after 'break'")
        return .breaking(place)
      case "continue":
        _ = advance()
        try expect(";", "after 'continue'")
        return .continuing(place)
      case "do", "switch", "discard", "goto":
        throw KernelSourceError(
          at: place, "'\(word)' is not supported by Reel's kernel language")
      default: break
      }
    }
    let made = try simpleStatement()
    try expect(";", "at the end of the statement")
    return made
  }

  /// A declaration or an expression, without its ';'.
  private mutating func simpleStatement() throws(KernelSourceError) -> KernelStatement {
    let saved = index
    if let type = try typeName() {
      if case .identifier = current.kind {
        var names: [(name: String, place: SourcePlace, value: KernelExpression?)] = []
        repeat {
          if isSymbol(",") { _ = advance() }
          let place = current.place
          let (name, _) = try identifier("a variable name")
          if isSymbol("[") {
            throw KernelSourceError(
              at: current.place, "arrays are not supported by Reel's kernel language")
          }
          var value: KernelExpression?
          if isSymbol("=") {
            _ = advance()
            value = try conditional()
          }
          names.append((name, place, value))
        } while isSymbol(",")
        return .declaration(type, names)
      }
      index = saved  // a constructor call such as vec4(…) starts an expression
    }
    return .expression(try expression())
  }

  private mutating func expression() throws(KernelSourceError) -> KernelExpression {
    let target = try conditional()
    if case .symbol(let symbol) = current.kind, ["=", "+=", "-=", "*=", "/="].contains(symbol) {
      let place = current.place
      _ = advance()
      let value = try expression()
      return .assignment(symbol, target, value, place)
    }
    return target
  }

  private mutating func conditional() throws(KernelSourceError) -> KernelExpression {
    let condition = try binary(0)
    guard isSymbol("?") else { return condition }
    let place = current.place
    _ = advance()
    let yes = try expression()
    try expect(":", "in a ? : choice")
    let no = try conditional()
    return .conditional(condition, yes, no, place)
  }

  private static let levels: [[String]] = [
    ["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/"],
  ]

  private mutating func binary(_ level: Int) throws(KernelSourceError) -> KernelExpression {
    guard level < Self.levels.count else { return try unary() }
    var left = try binary(level + 1)
    while case .symbol(let symbol) = current.kind, Self.levels[level].contains(symbol) {
      let place = current.place
      _ = advance()
      let right = try binary(level + 1)
      left = .binary(symbol, left, right, place)
    }
    return left
  }

  private mutating func unary() throws(KernelSourceError) -> KernelExpression {
    let place = current.place
    if case .symbol(let symbol) = current.kind {
      switch symbol {
      case "-", "!", "+":
        _ = advance()
        let operand = try unary()
        return symbol == "+" ? operand : .unary(symbol, operand, place)
      case "++", "--":
        _ = advance()
        let target = try unary()
        return .assignment(symbol == "++" ? "+=" : "-=", target, .number(1, place), place)
      default: break
      }
    }
    return try postfix()
  }

  private mutating func postfix() throws(KernelSourceError) -> KernelExpression {
    var value = try primary()
    while true {
      if isSymbol(".") {
        _ = advance()
        let place = current.place
        let (member, _) = try identifier("a component name (.x, .rgb, …)")
        value = .member(value, member, place)
      } else if isSymbol("++") || isSymbol("--") {
        let place = current.place
        let op = advance().spelling == "++" ? "+=" : "-="
        value = .assignment(op, value, .number(1, place), place)
      } else if isSymbol("[") {
        throw KernelSourceError(
          at: current.place,
          "indexing with [ ] is not supported by Reel's kernel language; use .x, .y, .z, .w")
      } else {
        return value
      }
    }
  }

  private mutating func primary() throws(KernelSourceError) -> KernelExpression {
    let token = current
    switch token.kind {
    case .number(let value):
      _ = advance()
      return .number(value, token.place)
    case .identifier(let name):
      _ = advance()
      if name == "true" || name == "false" { return .boolean(name == "true", token.place) }
      if isSymbol("(") {
        _ = advance()
        var arguments: [KernelExpression] = []
        while !isSymbol(")") {
          arguments.append(try conditional())
          if isSymbol(",") {
            _ = advance()
          } else if !isSymbol(")") {
            throw KernelSourceError(
              at: current.place,
              "expected ',' or ')' in the arguments of \(name), found '\(current.spelling)'")
          }
        }
        _ = advance()
        return .call(name, arguments, token.place)
      }
      return .name(name, token.place)
    case .symbol("("):
      _ = advance()
      let inner = try expression()
      try expect(")", "to close '('")
      return inner
    default:
      throw KernelSourceError(at: token.place, "expected a value, found '\(token.spelling)'")
    }
  }
}
