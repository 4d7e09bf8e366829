// What the windows share for the life of the app: the calculator's state survives window
// rebuilds (a language switch), and storage notices collected at start-up.

import SprayCore

@MainActor
public final class AppServices {
    public let calculator: CalculatorViewModel
    /// Messages about stored files (moved aside, read-only) to show in the window's banner.
    public var notices: [String] = []

    public init(calculator: CalculatorViewModel = CalculatorViewModel()) {
        self.calculator = calculator
    }
}
