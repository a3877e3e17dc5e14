import Foundation
import ReelProject
import Testing

@Suite("TemplateVariables")
struct TemplateVariableTests {
  private let json = """
    {"version": 1, "size": [64, 64], "duration": 1,
     "variables": {"name": "Friend", "greeting": {"default": "Hello", "description": "first word"}},
     "layers": [{"type": "text", "name": "{{ name }}", "text": "{{greeting}}, {{name}}! {{{{literal}}"}]}
    """

  private func text(_ loaded: LoadedTemplate) -> String? {
    guard case .text(let styled, _)? = loaded.movie.layers?.root.sublayers.first?.content else {
      return nil
    }
    return styled.string
  }

  @Test func defaultsFillPlaceholders() throws {
    let loaded = try loadTemplate(json)
    #expect(text(loaded) == "Hello, Friend! {{literal}}")
    #expect(loaded.movie.layers?.root.sublayers.first?.name == "Friend")
    #expect(loaded.variables == ["name": "Friend", "greeting": "Hello"])
  }

  @Test func setValuesWin() throws {
    let loaded = try loadTemplate(json, variables: ["name": "Ada"])
    #expect(text(loaded) == "Hello, Ada! {{literal}}")
    #expect(loaded.variables["name"] == "Ada")
    #expect(loaded.warnings.isEmpty)
  }

  @Test func unknownSetValueWarns() throws {
    let loaded = try loadTemplate(json, variables: ["nam": "Ada"])
    #expect(
      loaded.warnings.map(\.description) == [
        "variables: the variable 'nam' was set but the template does not declare it; did you mean 'name'?"
      ])
  }

  @Test func undefinedVariableIsAProblemWithSuggestion() throws {
    let problems = try templateProblems(
      """
      {"version": 1, "size": [64, 64], "duration": 1, "variables": {"name": "x"},
       "layers": [{"type": "text", "text": "{{nme}} {{bad name}} {{open"}]}
      """)
    #expect(
      problems == [
        "layers[0].text: undefined variable 'nme'; did you mean 'name'? (declare it under \"variables\" or give it a value)",
        "layers[0].text: '{{bad name}}' is not a valid placeholder: a name is letters, digits, '_', '.' or '-' (write '{{{{' for a literal '{{')",
        "layers[0].text: unterminated placeholder '{{open': close it with '}}' (write '{{{{' for a literal '{{')",
      ])
  }

  @Test func anUndefinedVariableProblemNamesTheVariable() throws {
    do {
      _ = try Template.load(
        data: Data(
          #"{"version": 1, "size": [64, 64], "duration": 1, "background": "{{tint}}"}"#.utf8),
        path: "t.json")
      Issue.record("a template with an undefined variable loaded")
    } catch {
      #expect(error.problems.compactMap(\.undefinedVariable) == ["tint"])
      #expect(!error.description.contains("--set"), "\(error)")
    }
  }

  @Test func variablesWorkInPathsAndColours() throws {
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [64, 64], "duration": 1, "variables": {"bg": "gold"},
       "background": "{{bg}}"}
      """, variables: ["bg": "#102030"])
    #expect(loaded.movie.videoComposition?.backgroundColor == (try Color(parsing: "#102030")))
  }
}
