import Foundation
import ReelAVFoundation
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

  /// The hidden option `make schema` uses: write the schema file, the generated tables of
  /// the docs and the typed Core Image filter forms (`CIFilterBuiltins`, from the filter
  /// catalog) into this repository folder.
  static let writeDocsOption = "--write-docs"

  static func run(arguments: [String]) throws -> ExitStatus {
    let parsed = try Arguments(
      arguments, command: "schema", flags: ["--help"], options: [writeDocsOption],
      aliases: ["-h": "--help"])
    if parsed.has("--help") {
      Console.document(help)
      return .ok
    }
    guard parsed.positionals.isEmpty else {
      throw CommandFailure.usage(
        "schema: unexpected argument '\(parsed.positionals[0])'; usage: reel schema")
    }
    if let folder = parsed.value(writeDocsOption) {
      do {
        for file in try Template.writeGeneratedFiles(
          toRepository: folder, limitOptions: LimitOptions.documentation)
        {
          Console.document("wrote \(folder)/\(file)")
        }
        let builtIns = URL(fileURLWithPath: folder).appendingPathComponent(
          CIFilterBuiltinsGenerator.relativePath)
        try Data(CIFilterBuiltinsGenerator.source.utf8).write(to: builtIns, options: .atomic)
        Console.document("wrote \(folder)/\(CIFilterBuiltinsGenerator.relativePath)")
      } catch {
        throw CommandFailure(message: "schema: \(error)", status: .failure)
      }
      return .ok
    }
    Console.document(Template.schema)
    return .ok
  }
}
