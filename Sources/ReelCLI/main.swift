import Foundation

// The `reel` command-line tool. Everything is in `ReelTool`; this file only runs it and exits
// with the code it returns.
let status = await ReelTool.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
