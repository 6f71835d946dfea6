import GadgetCore
import GadgetRender
import GadgetSystem

/// The board's text against the fonts installed here: what `check` (and `snapshot`) report before
/// a kiosk would draw a fallback font or a missing-glyph box. One problem per font and per text:
/// `gadgets[2].text.font: font "Arial" is not installed`,
/// `gadgets[4].text.string: no installed font has U+E000, U+10FFFD`.
enum BoardTextCheck {
    /// The board with every font file made a path from the working directory (written relative
    /// to the board file's `directory`), as the renderer opens it.
    static func resolvingFontFiles(_ board: Board, directory: String) -> Board {
        var board = board
        for i in board.gadgets.indices {
            guard case .file(let path)? = board.gadgets[i].text?.style.font else { continue }
            board.gadgets[i].text?.style.font = .file(path: FileIO.resolve(path, against: directory))
        }
        return board
    }

    /// Every text problem of `board` (font files already resolved), in board order. A board
    /// without text opens no font library.
    static func problems(_ board: Board, file: String) -> [BoardProblem] {
        let texts = board.gadgets.compactMap(\.text)
        guard !texts.isEmpty else { return [] }
        let fonts: FontLibrary
        do { fonts = try FontLibrary() } catch {
            return [BoardProblem(file: file, jsonPath: texts[0].jsonPath, message: "fonts cannot be looked up: \(error)")]
        }
        var problems: [BoardProblem] = []
        for text in texts.sorted(by: { $0.jsonPath < $1.jsonPath }) {
            let style = text.style
            do {
                switch style.font {
                case .family(let family): _ = try fonts.file(family: family, weight: style.weight, slant: style.slant)
                case .file(let path): try fonts.checkFile(path)
                }
            } catch .fontFileUnreadable(let path) {
                var exists = true
                do { _ = try FileIO.read(path, limit: 1) } catch { exists = error.errno != .noSuchFileOrDirectory }
                problems.append(BoardProblem(file: file, jsonPath: "\(text.jsonPath).font",
                                             message: exists ? "\(path): not a font file FreeType and HarfBuzz can read" : "font file not found: \(path)"))
                continue
            } catch {
                problems.append(BoardProblem(file: file, jsonPath: "\(text.jsonPath).font", message: "\(error)"))
                continue
            }
            do {
                let missing = try fonts.missingCodePoints(style)
                if !missing.isEmpty {
                    problems.append(BoardProblem(file: file, jsonPath: "\(text.jsonPath).string", message: "no installed font has \(CodePointList.describe(missing))"))
                }
            } catch {
                problems.append(BoardProblem(file: file, jsonPath: text.jsonPath, message: "\(error)"))
            }
        }
        return problems
    }

    /// `U+00E9`: four hex digits at least, as Unicode writes code points.
    static func codePoint(_ s: Unicode.Scalar) -> String { CodePointList.codePoint(s) }
}
