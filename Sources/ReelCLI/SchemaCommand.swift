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
        for file in try Self.writeFilterBuiltins(toRepository: folder) {
          Console.document("wrote \(folder)/\(file)")
        }
      } catch {
        throw CommandFailure(message: "schema: \(error)", status: .failure)
      }
      return .ok
    }
    Console.document(Template.schema)
    return .ok
  }

  /// Writes the typed `CIFilterBuiltins` files into the repository at `folder`, removing the
  /// generated files the catalog no longer makes; returns the paths written.
  private static func writeFilterBuiltins(toRepository folder: String) throws -> [String] {
    let root = URL(fileURLWithPath: folder)
    let files = CIFilterBuiltinsGenerator.files
    let directory = root.appendingPathComponent(CIFilterBuiltinsGenerator.folder)
    let made = Set(files.map { URL(fileURLWithPath: $0.relativePath).lastPathComponent })
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
    where name.hasPrefix(CIFilterBuiltinsGenerator.filePrefix) && !made.contains(name) {
      try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }
    for file in files {
      try Data(file.source.utf8).write(
        to: root.appendingPathComponent(file.relativePath), options: .atomic)
    }
    return files.map(\.relativePath)
  }
}
