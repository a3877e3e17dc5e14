/// Type-checks kernel functions and turns them into Swift closures over a ``KernelMachine``.
struct KernelCompiler {
  /// A variable in scope: its slot and type, or for a sampler its number.
  struct Variable {
    let slot: Int
    let type: KernelType
    var sampler: Int? = nil
  }

  /// A helper compiled before the functions that call it.
  struct Helper {
    let returnType: KernelType
    let parameterTypes: [KernelType]
    let parameterSlots: [Int]
    let body: [CompiledStatement]
  }

  private(set) var slotCount = 0
  private var scopes: [[String: Variable]] = []
  private var helpers: [String: [Helper]] = [:]
  private var returnType: KernelType = .void
  private var loopDepth = 0

  /// A compiled entry point: its body and the slots of its parameters (samplers have none).
  struct Entry {
    let body: [CompiledStatement]
    let parameterSlots: [Int?]
  }

  /// Compiles every function of `functions` in order; helpers become callable by the ones
  /// after them. Returns the entry points (`kernel` functions), each with its body.
  mutating func compile(_ functions: [KernelFunction]) throws(KernelSourceError) -> [(
    KernelFunction, Entry
  )] {
    var entries: [(KernelFunction, Entry)] = []
    for function in functions {
      returnType = function.returnType
      scopes = [[:]]
      var parameterSlots: [Int?] = []
      var samplerCount = 0
      for parameter in function.parameters {
        if scopes[0][parameter.name] != nil {
          throw KernelSourceError(
            at: parameter.place, "the parameter '\(parameter.name)' is named twice")
        }
        if parameter.type == .sampler {
          guard function.isKernel else {
            throw KernelSourceError(
              at: parameter.place,
              "a helper function cannot take a sampler in Reel's kernel language; sample in the kernel and pass the colour"
            )
          }
          scopes[0][parameter.name] = Variable(slot: -1, type: .sampler, sampler: samplerCount)
          samplerCount += 1
          parameterSlots.append(nil)
        } else if parameter.type == .void || parameter.type == .bool && function.isKernel {
          throw KernelSourceError(
            at: parameter.place, "a parameter cannot be of type \(parameter.type)")
        } else {
          let slot = newSlot()
          scopes[0][parameter.name] = Variable(slot: slot, type: parameter.type)
          parameterSlots.append(slot)
        }
      }
      let body = try statements(function.body)
      if function.returnType != .void, !Self.alwaysReturns(function.body) {
        throw KernelSourceError(
          at: function.place,
          "\(function.name) must end with a return of a \(function.returnType)")
      }
      if function.isKernel {
        entries.append((function, Entry(body: body, parameterSlots: parameterSlots)))
      } else {
        helpers[function.name, default: []].append(
          Helper(
            returnType: function.returnType, parameterTypes: function.parameters.map(\.type),
            parameterSlots: parameterSlots.compactMap { $0 }, body: body))
      }
    }
    return entries
  }

  /// Whether a list of statements returns on every path.
  private static func alwaysReturns(_ list: [KernelStatement]) -> Bool {
    for statement in list {
      switch statement {
      case .returning: return true
      case .block(let inner): if alwaysReturns(inner) { return true }
      case .branch(_, let then, let otherwise):
        if let otherwise, alwaysReturns(then), alwaysReturns(otherwise) { return true }
      default: continue
      }
    }
    return false
  }

  private mutating func newSlot() -> Int {
    slotCount += 1
    return slotCount - 1
  }

  private func lookup(_ name: String) -> Variable? {
    for scope in scopes.reversed() { if let found = scope[name] { return found } }
    return nil
  }

  // MARK: Statements

  private mutating func statements(_ list: [KernelStatement]) throws(KernelSourceError)
    -> [CompiledStatement]
  {
    scopes.append([:])
    defer { scopes.removeLast() }
    var compiled: [CompiledStatement] = []
    for statement in list { compiled.append(try self.statement(statement)) }
    return compiled
  }

  static func run(_ list: [CompiledStatement], _ machine: KernelMachine) -> KernelFlow {
    for statement in list {
      let flow = statement(machine)
      if case .next = flow { continue }
      return flow
    }
    return .next
  }

  /// The most times one loop runs its body in one evaluation (a loop that would run longer
  /// stops there: a kernel cannot hang a render).
  static let loopLimit = 1 << 16

  private mutating func statement(_ statement: KernelStatement) throws(KernelSourceError)
    -> CompiledStatement
  {
    switch statement {
    case .declaration(let type, let names):
      guard type != .void, type != .sampler, type != .sample else {
        throw KernelSourceError(
          at: names.first?.place ?? SourcePlace(line: 1, column: 1),
          "a variable cannot be of type \(type)")
      }
      var steps: [CompiledStatement] = []
      for (name, place, value) in names {
        if scopes[scopes.count - 1][name] != nil {
          throw KernelSourceError(at: place, "'\(name)' is already declared in this block")
        }
        let slot = newSlot()
        if let value {
          let compiled = try converted(try expression(value), to: type, at: place, for: name)
          let run = compiled.run
          steps.append { machine in
            machine.slots[slot] = run(machine)
            return .next
          }
        } else {
          steps.append { machine in
            machine.slots[slot] = .zero
            return .next
          }
        }
        scopes[scopes.count - 1][name] = Variable(slot: slot, type: type)
      }
      if steps.count == 1 { return steps[0] }
      let all = steps
      return { machine in Self.run(all, machine) }

    case .expression(let value):
      let run = try expression(value).run
      return { machine in
        _ = run(machine)
        return .next
      }

    case .branch(let condition, let then, let otherwise):
      let test = try boolean(condition, "an if's condition")
      let yes = try statements(then)
      let no = try otherwise.map { list throws(KernelSourceError) in try statements(list) } ?? []
      return { machine in
        Self.run(test(machine).x != 0 ? yes : no, machine)
      }

    case .loop(let initial, let condition, let step, let body, _):
      scopes.append([:])
      defer { scopes.removeLast() }
      let start = try initial.map { s throws(KernelSourceError) in try self.statement(s) }
      let test = try condition.map { c throws(KernelSourceError) in
        try boolean(c, "a loop's condition")
      }
      let advance = try step.map { s throws(KernelSourceError) in try expression(s).run }
      loopDepth += 1
      let inner = try statements(body)
      loopDepth -= 1
      return { machine in
        if let start { _ = start(machine) }
        var count = 0
        while count < Self.loopLimit, test.map({ $0(machine).x != 0 }) ?? true {
          count += 1
          let flow = Self.run(inner, machine)
          if case .returned = flow { return .returned }
          if case .broke = flow { break }
          if let advance { _ = advance(machine) }
        }
        return .next
      }

    case .returning(let value, let place):
      guard let value else {
        guard returnType == .void else {
          throw KernelSourceError(at: place, "return needs a \(returnType) here")
        }
        return { _ in .returned }
      }
      guard returnType != .void else {
        throw KernelSourceError(at: place, "a void function returns no value")
      }
      let run = try converted(try expression(value), to: returnType, at: place, for: "the result")
        .run
      return { machine in
        machine.returned = run(machine)
        return .returned
      }

    case .block(let list):
      let inner = try statements(list)
      return { machine in Self.run(inner, machine) }

    case .breaking(let place), .continuing(let place):
      guard loopDepth > 0 else {
        throw KernelSourceError(at: place, "break and continue belong inside a loop")
      }
      if case .breaking = statement { return { _ in .broke } }
      return { _ in .continued }
    }
  }

  /// `value` as a `type` (a float is spread over a vector's lanes), or an error naming `what`.
  private func converted(
    _ value: CompiledExpression, to type: KernelType, at place: SourcePlace, for what: String
  ) throws(KernelSourceError) -> CompiledExpression {
    let target = CompiledExpression(type: type, run: value.run).valueType
    if value.valueType == target { return value }
    if value.valueType == .float, target.width > 1 {
      let run = value.run
      return CompiledExpression(type: target) { machine in
        let scalar = run(machine).x
        return Self.masked(SIMD4(repeating: scalar), width: target.width)
      }
    }
    throw KernelSourceError(
      at: place, "\(what) is a \(target), but the value is a \(value.valueType)")
  }

  /// A float's value in every lane.
  static func spread(_ run: @escaping @Sendable (KernelMachine) -> SIMD4<Float>)
    -> @Sendable (KernelMachine) -> SIMD4<Float>
  {
    { machine in SIMD4(repeating: run(machine).x) }
  }

  static func masked(_ value: SIMD4<Float>, width: Int) -> SIMD4<Float> {
    switch width {
    case 1: SIMD4(value.x, 0, 0, 0)
    case 2: SIMD4(value.x, value.y, 0, 0)
    case 3: SIMD4(value.x, value.y, value.z, 0)
    default: value
    }
  }

  private mutating func boolean(_ value: KernelExpression, _ what: String)
    throws(KernelSourceError) -> @Sendable (KernelMachine) -> SIMD4<Float>
  {
    let compiled = try expression(value)
    guard compiled.valueType == .bool || compiled.valueType == .float else {
      throw KernelSourceError(at: value.place, "\(what) must be a bool, not a \(compiled.type)")
    }
    return compiled.run
  }

  // MARK: Expressions

  mutating func expression(_ expression: KernelExpression) throws(KernelSourceError)
    -> CompiledExpression
  {
    switch expression {
    case .number(let value, _):
      let constant = SIMD4<Float>(Float(value), 0, 0, 0)
      return CompiledExpression(type: .float) { _ in constant }
    case .boolean(let value, _):
      let constant = SIMD4<Float>(value ? 1 : 0, 0, 0, 0)
      return CompiledExpression(type: .bool) { _ in constant }
    case .name(let name, let place):
      guard let variable = lookup(name) else {
        throw KernelSourceError(at: place, "'\(name)' is not declared")
      }
      if let sampler = variable.sampler {
        return CompiledExpression(type: .sampler, run: { _ in .zero }, sampler: sampler)
      }
      let slot = variable.slot
      return CompiledExpression(type: variable.type) { machine in machine.slots[slot] }
    case .member(let base, let member, let place):
      let compiled = try self.expression(base)
      let lanes = try Self.lanes(of: member, width: compiled.valueType.width, at: place)
      let run = compiled.run
      let type = KernelType.vector(lanes.count)
      if lanes.count == 1 {
        let lane = lanes[0]
        return CompiledExpression(type: type) { machine in SIMD4(run(machine)[lane], 0, 0, 0) }
      }
      return CompiledExpression(type: type) { machine in
        let value = run(machine)
        var result = SIMD4<Float>.zero
        for (index, lane) in lanes.enumerated() { result[index] = value[lane] }
        return result
      }
    case .unary(let op, let operand, let place):
      let compiled = try self.expression(operand)
      let run = compiled.run
      if op == "!" {
        guard compiled.valueType == .bool else {
          throw KernelSourceError(at: place, "! needs a bool, not a \(compiled.type)")
        }
        return CompiledExpression(type: .bool) { machine in
          SIMD4(run(machine).x == 0 ? 1 : 0, 0, 0, 0)
        }
      }
      guard compiled.valueType.isNumeric else {
        throw KernelSourceError(at: place, "- needs a number, not a \(compiled.type)")
      }
      return CompiledExpression(type: compiled.valueType) { machine in -run(machine) }
    case .binary(let op, let left, let right, let place):
      return try binary(op, try self.expression(left), try self.expression(right), at: place)
    case .conditional(let condition, let yes, let no, let place):
      let test = try boolean(condition, "a ? : condition")
      let first = try self.expression(yes)
      let second = try self.expression(no)
      guard first.valueType == second.valueType else {
        throw KernelSourceError(
          at: place,
          "the two sides of ? : must be of one type; they are \(first.valueType) and \(second.valueType)"
        )
      }
      let (a, b) = (first.run, second.run)
      return CompiledExpression(type: first.valueType) { machine in
        test(machine).x != 0 ? a(machine) : b(machine)
      }
    case .assignment(let op, let target, let value, let place):
      return try assignment(op, target, value, at: place)
    case .call(let name, let arguments, let place):
      var compiled: [CompiledExpression] = []
      for argument in arguments { compiled.append(try self.expression(argument)) }
      return try call(name, compiled, at: place)
    }
  }

  /// The lanes a swizzle (`.x`, `.rgb`, `.stpq`) names, checked against the value's width.
  static func lanes(of member: String, width: Int, at place: SourcePlace) throws(KernelSourceError)
    -> [Int]
  {
    let sets = ["xyzw", "rgba", "stpq"]
    guard width > 0 else {
      throw KernelSourceError(at: place, "'.\(member)': this value has no components")
    }
    guard (1...4).contains(member.count),
      let set = sets.first(where: { set in member.allSatisfy { set.contains($0) } })
    else {
      throw KernelSourceError(
        at: place, "'.\(member)' is not a swizzle (use up to four of x y z w, r g b a or s t p q)")
    }
    let lanes = member.compactMap { letter in
      set.firstIndex(of: letter).map { set.distance(from: set.startIndex, to: $0) }
    }
    if let far = lanes.first(where: { $0 >= width }) {
      throw KernelSourceError(
        at: place,
        "'.\(member)' reads component \(far + 1) of a \(KernelType.vector(width)) (it has \(width))"
      )
    }
    return lanes
  }

  private func binary(
    _ op: String, _ left: CompiledExpression, _ right: CompiledExpression, at place: SourcePlace
  ) throws(KernelSourceError) -> CompiledExpression {
    let (a, b) = (left.run, right.run)
    let (lt, rt) = (left.valueType, right.valueType)
    switch op {
    case "&&", "||":
      guard lt == .bool, rt == .bool else {
        throw KernelSourceError(at: place, "\(op) needs two bools, not \(lt) and \(rt)")
      }
      if op == "&&" {
        return CompiledExpression(type: .bool) { m in
          SIMD4(a(m).x != 0 && b(m).x != 0 ? 1 : 0, 0, 0, 0)
        }
      }
      return CompiledExpression(type: .bool) { m in
        SIMD4(a(m).x != 0 || b(m).x != 0 ? 1 : 0, 0, 0, 0)
      }
    case "==", "!=":
      guard lt == rt else {
        throw KernelSourceError(at: place, "\(op) compares values of one type, not \(lt) and \(rt)")
      }
      let equal = op == "=="
      return CompiledExpression(type: .bool) { m in
        SIMD4((a(m) == b(m)) == equal ? 1 : 0, 0, 0, 0)
      }
    case "<", ">", "<=", ">=":
      guard lt == .float, rt == .float else {
        throw KernelSourceError(
          at: place,
          "\(op) compares two floats, not \(lt) and \(rt) (use step() or compare() for vectors)")
      }
      let test: @Sendable (Float, Float) -> Bool =
        switch op {
        case "<": { $0 < $1 }
        case ">": { $0 > $1 }
        case "<=": { $0 <= $1 }
        default: { $0 >= $1 }
        }
      return CompiledExpression(type: .bool) { m in SIMD4(test(a(m).x, b(m).x) ? 1 : 0, 0, 0, 0) }
    default:
      guard lt.isNumeric, rt.isNumeric else {
        throw KernelSourceError(at: place, "\(op) needs numbers, not \(lt) and \(rt)")
      }
      let type: KernelType
      if lt == rt {
        type = lt
      } else if lt == .float {
        type = rt
      } else if rt == .float {
        type = lt
      } else {
        throw KernelSourceError(
          at: place, "\(op) of a \(lt) and a \(rt): the sizes must match (or one be a float)")
      }
      let width = type.width
      let spreadLeft = lt == .float && width > 1
      let spreadRight = rt == .float && width > 1
      let left = spreadLeft ? Self.spread(a) : a
      let right = spreadRight ? Self.spread(b) : b
      switch op {
      case "+":
        return CompiledExpression(type: type) { m in Self.masked(left(m) + right(m), width: width) }
      case "-":
        return CompiledExpression(type: type) { m in Self.masked(left(m) - right(m), width: width) }
      case "*":
        return CompiledExpression(type: type) { m in Self.masked(left(m) * right(m), width: width) }
      default:
        // Unused lanes divide 0 by 0; the mask clears them.
        return CompiledExpression(type: type) { m in Self.masked(left(m) / right(m), width: width) }
      }
    }
  }

  private mutating func assignment(
    _ op: String, _ target: KernelExpression, _ value: KernelExpression, at place: SourcePlace
  ) throws(KernelSourceError) -> CompiledExpression {
    // The target: a variable, or a swizzle of one.
    let name: String
    let namePlace: SourcePlace
    var lanes: [Int]?
    switch target {
    case .name(let n, let p):
      name = n
      namePlace = p
    case .member(.name(let n, let p), let member, let memberPlace):
      name = n
      namePlace = p
      guard let variable = lookup(n) else {
        throw KernelSourceError(at: p, "'\(n)' is not declared")
      }
      let chosen = try Self.lanes(of: member, width: variable.type.width, at: memberPlace)
      guard Set(chosen).count == chosen.count else {
        throw KernelSourceError(
          at: memberPlace, "'.\(member)' names a component twice: it cannot be assigned")
      }
      lanes = chosen
    default:
      throw KernelSourceError(at: target.place, "only a variable or its components can be assigned")
    }
    guard let variable = lookup(name), variable.sampler == nil else {
      throw KernelSourceError(at: namePlace, "'\(name)' is not a variable that can be assigned")
    }
    let targetType =
      lanes.map { KernelType.vector($0.count) }
      ?? CompiledExpression(type: variable.type, run: { _ in .zero }).valueType
    var right = try expression(value)
    if op != "=" {
      let current = try expression(target)
      right = try binary(String(op.dropLast()), current, right, at: place)
    }
    let run = try converted(right, to: targetType, at: place, for: "'\(name)'").run
    let slot = variable.slot
    if let lanes {
      return CompiledExpression(type: targetType) { machine in
        let result = run(machine)
        for (index, lane) in lanes.enumerated() { machine.slots[slot][lane] = result[index] }
        return result
      }
    }
    return CompiledExpression(type: targetType) { machine in
      let result = run(machine)
      machine.slots[slot] = result
      return result
    }
  }

  // MARK: Calls

  private func call(_ name: String, _ arguments: [CompiledExpression], at place: SourcePlace)
    throws(KernelSourceError) -> CompiledExpression
  {
    if let overloads = helpers[name] {
      let types = arguments.map(\.valueType)
      guard
        let helper = overloads.first(where: { helper in
          helper.parameterTypes.count == types.count
            && zip(helper.parameterTypes, types).allSatisfy {
              CompiledExpression(type: $0, run: { _ in .zero }).valueType == $1
                || ($0 == .float && $1 == .float)
            }
        })
      else {
        let wanted = overloads.map {
          "(\($0.parameterTypes.map(\.description).joined(separator: ", ")))"
        }
        throw KernelSourceError(
          at: place,
          "\(name) takes \(wanted.joined(separator: " or ")), not (\(types.map(\.description).joined(separator: ", ")))"
        )
      }
      let runs = arguments.map(\.run)
      let slots = helper.parameterSlots
      let body = helper.body
      return CompiledExpression(type: helper.returnType) { machine in
        // Arguments first, then parameters: an argument may call the same helper.
        let values = runs.map { $0(machine) }
        for (slot, value) in zip(slots, values) { machine.slots[slot] = value }
        _ = Self.run(body, machine)
        return machine.returned
      }
    }
    return try KernelBuiltins.call(name, arguments, at: place)
  }
}
