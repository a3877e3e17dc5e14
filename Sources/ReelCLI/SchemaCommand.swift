import ReelProject

/// `reel schema`: prints the JSON Schema of the template format.
enum SchemaCommand {
  static let help = """
    Usage: reel schema

    Prints the JSON Schema (draft 2020-12) of the template format, version 1, for editors
    and independent validators (e.g. `reel schema > reel.schema.json`).

    Options:
      --verbose    Accepted by every command (schema reads no media).
      -h, --help   Show this help.
    """

  static func run(arguments: [String]) throws -> ExitStatus {
    let parsed = try Arguments(
      arguments, command: "schema", flags: ["--help"], options: [], aliases: ["-h": "--help"])
    if parsed.has("--help") {
      Console.document(help)
      return .ok
    }
    guard parsed.positionals.isEmpty else {
      throw CommandFailure.usage(
        "schema: unexpected argument '\(parsed.positionals[0])'; usage: reel schema")
    }
    Console.document(Template.schema)
    return .ok
  }
}
