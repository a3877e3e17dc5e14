import Reel

/// Exit statuses and messages for the chunk commands' errors.
enum ChunkFailure {
  /// How the library's "make a new plan" is done from this tool.
  private static let planHint = " (reel plan makes one)"

  /// The failure for a ``RenderPlanError``: 3 for a template that cannot be split, changed
  /// inputs (a join's too) or a template that no longer matches its plan; 2 for a missing
  /// plan or chunk index; 4 for a join refused for missing or wrong chunks, or media errors.
  static func failure(for error: RenderPlanError, command: String, template: String?)
    -> CommandFailure
  {
    let prefix = template.map { "\($0): " } ?? "\(command): "
    switch error {
    case .cannotSplit:
      return CommandFailure(
        message: prefix + error.description + " (reel render without --jobs renders it whole)",
        status: .invalidTemplate)
    case .mismatch:
      return CommandFailure(
        message: prefix + error.description + planHint, status: .invalidTemplate)
    case .inputsChanged(let lines):
      return CommandFailure(
        lines: [
          "\(command): the files the plan was made from changed; make a new plan with reel plan"
        ]
          + lines,
        status: .invalidTemplate)
    case .unreadablePlan:
      return .usage("\(command): \(error.description)" + planHint)
    case .noSuchChunk:
      return .usage("\(command): \(error.description)")
    case .unwritablePlan:
      return CommandFailure(message: "\(command): \(error.description)", status: .media)
    case .joinRefused(let problems):
      let inputsChanged = RenderPlanError.inputsChanged(among: problems)
      return CommandFailure(
        lines: [
          "\(command): cannot join: \(problems.count) problem\(problems.count == 1 ? "" : "s") (\(RenderPlanError.joinAdvice(for: problems)))"
            + (inputsChanged ? planHint : "")
        ] + problems.map(\.description),
        status: inputsChanged ? .invalidTemplate : .media)
    case .export(let export):
      return RenderCommand.failure(for: export, template: template ?? command)
    case .media(let media):
      return CommandFailure.media(media, command: command)
    }
  }
}
