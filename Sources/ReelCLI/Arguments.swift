/// A small command-line parser: flags, options with a value, and positional arguments.
///
/// Understands `--name value`, `--name=value`, short aliases (`-o value`) and `--` to end
/// options. Unknown options are usage errors that name the option. Every command also
/// takes the ``commonFlags`` (`--verbose`).
struct Arguments {
  /// Flags every command takes: `--verbose` shows the media libraries' own log.
  static let commonFlags: Set<String> = ["--verbose"]

  /// Whether `arguments` (a command's, after its name) ask for `--verbose` before any `--`.
  static func isVerbose(_ arguments: [String]) -> Bool {
    arguments.prefix { $0 != "--" }.contains("--verbose")
  }

  /// Positional arguments, in order.
  private(set) var positionals: [String] = []
  private var flags: Set<String> = []
  private var values: [String: [String]] = [:]

  /// Parses `arguments`.
  ///
  /// - Parameters:
  ///   - arguments: The command's arguments (after the command name).
  ///   - command: The command name, for messages.
  ///   - flags: Options that take no value, by long name (`--json`).
  ///   - options: Options that take a value, by long name (`--output`).
  ///   - aliases: Short spellings mapped to long names (`-o` → `--output`).
  /// - Throws: `CommandFailure.usage` for an unknown option or a missing value.
  init(
    _ arguments: [String], command: String, flags knownFlags: Set<String>,
    options knownOptions: Set<String>, aliases: [String: String] = [:]
  ) throws(CommandFailure) {
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      var argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var inlineValue: String? = nil
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        inlineValue = String(argument[argument.index(after: equals)...])
        argument = String(argument[..<equals])
      }
      let name = aliases[argument] ?? argument
      if knownFlags.contains(name) || Arguments.commonFlags.contains(name) {
        if inlineValue != nil {
          throw .usage("\(command): option \(name) takes no value")
        }
        flags.insert(name)
      } else if knownOptions.contains(name) {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw .usage("\(command): option \(name) needs a value")
        }
        values[name, default: []].append(value)
      } else {
        throw .usage("\(command): unknown option '\(argument)'; run 'reel \(command) --help'")
      }
    }
  }

  /// Whether the flag was given.
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// The last value given for an option, or nil.
  func value(_ option: String) -> String? { values[option]?.last }

  /// Every value given for a repeatable option, in order.
  func allValues(_ option: String) -> [String] { values[option] ?? [] }
}
